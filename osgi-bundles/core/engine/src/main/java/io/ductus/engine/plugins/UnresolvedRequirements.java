package io.ductus.engine.plugins;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.osgi.framework.Bundle;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.resource.Namespace;

/**
 * Explains why a bundle stays unresolved: the mandatory requirements that no installed bundle offers,
 * such as a package the plugin imports but nothing exports. Reads wiring metadata only; changes nothing.
 */
final class UnresolvedRequirements {

    private static final Pattern PACKAGE = Pattern.compile("\\(osgi\\.wiring\\.package=([^)]+)\\)");
    private static final Pattern LOW = Pattern.compile("\\(version>=([^)]+)\\)");
    private static final Pattern HIGH = Pattern.compile("\\(!\\(version>=([^)]+)\\)\\)");

    private UnresolvedRequirements() {
    }

    /** Readable lines such as "missing package org.example.util [1.2.0,2.0.0)"; empty when nothing is missing. */
    static List<String> of(Bundle bundle, Bundle[] installed) {
        BundleRevision revision = bundle.adapt(BundleRevision.class);
        List<String> missing = new ArrayList<>();
        if (revision == null) return missing;
        for (BundleRequirement requirement : revision.getDeclaredRequirements(null)) {
            if (optional(requirement)) continue;
            String filterText = requirement.getDirectives().get(Namespace.REQUIREMENT_FILTER_DIRECTIVE);
            if (filterText == null || offered(requirement.getNamespace(), filterText, bundle, installed)) continue;
            missing.add(describe(requirement.getNamespace(), filterText));
        }
        return missing;
    }

    private static boolean optional(BundleRequirement requirement) {
        String resolution = requirement.getDirectives().get(Namespace.REQUIREMENT_RESOLUTION_DIRECTIVE);
        String effective = requirement.getDirectives().get(Namespace.REQUIREMENT_EFFECTIVE_DIRECTIVE);
        return Namespace.RESOLUTION_OPTIONAL.equals(resolution)
                || (effective != null && !Namespace.EFFECTIVE_RESOLVE.equals(effective));
    }

    private static boolean offered(String namespace, String filterText, Bundle self, Bundle[] installed) {
        Filter filter;
        try {
            filter = FrameworkUtil.createFilter(filterText);
        } catch (InvalidSyntaxException e) {
            return false;
        }
        for (Bundle other : installed) {
            if (other.getState() == Bundle.UNINSTALLED) continue;
            BundleRevision revision = other.adapt(BundleRevision.class);
            if (revision == null) continue;
            for (BundleCapability capability : revision.getDeclaredCapabilities(namespace)) {
                if (filter.matches(capability.getAttributes())) return true;
            }
        }
        return false;
    }

    static String describe(String namespace, String filter) {
        if (PackageNamespace.PACKAGE_NAMESPACE.equals(namespace)) {
            Matcher name = PACKAGE.matcher(filter);
            if (name.find()) {
                Matcher low = LOW.matcher(filter);
                Matcher high = HIGH.matcher(filter);
                String range = low.find() ? " [" + low.group(1) + "," + (high.find() ? high.group(1) + ")" : "∞)") : "";
                return "missing package " + name.group(1) + range;
            }
        }
        return "missing " + namespace + " " + filter;
    }
}
