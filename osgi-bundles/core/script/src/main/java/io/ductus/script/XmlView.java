package io.ductus.script;

import java.io.StringWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import javax.xml.xpath.XPathFactoryConfigurationException;
import org.graalvm.polyglot.HostAccess;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The {@code msg} an XML interface's transform gets: read and write by XPath
 * ({@code msg.get("/order/patient/name")}, {@code msg.set("//obs[2]/@code", "K")}). Element names are
 * matched as written, prefix included, without namespaces. Until {@link #set} changes something the
 * view is delivered as the bytes it was read from.
 */
public final class XmlView {

    /** A byte order mark, the XML declaration and the white space after it: kept as written when written anew. */
    private static final Pattern PROLOG = Pattern.compile("\uFEFF?(?:<\\?xml[^>]*\\?>\\s*)?");

    private final byte[] original;
    private final Charset charset;
    private final Document document;
    private final XPath xpath;
    private boolean changed;

    private XmlView(byte[] original, Document document) {
        this.original = original;
        this.document = document;
        this.charset = charsetOf(document);
        this.xpath = newXPath();
    }

    /** Reads the payload safely (see {@link SafeXmlParser}). */
    static XmlView parse(byte[] payload) throws XmlParseException {
        return new XmlView(payload, SafeXmlParser.parse(payload));
    }

    /** The text of the first node the path matches (an element's text, an attribute's value), or null. */
    @HostAccess.Export
    public String get(String path) {
        NodeList nodes = nodes(path);
        return nodes.getLength() == 0 ? null : text(nodes.item(0));
    }

    /** The text of every node the path matches, in document order. */
    @HostAccess.Export
    public List<String> getAll(String path) {
        NodeList nodes = nodes(path);
        List<String> texts = new ArrayList<>(nodes.getLength());
        for (int i = 0; i < nodes.getLength(); i++) texts.add(text(nodes.item(i)));
        return texts;
    }

    /**
     * Sets the text of every node the path matches: an element's content (its child elements too) or an
     * attribute's value. A path that matches nothing is an error, so a typo does not pass silently.
     */
    @HostAccess.Export
    public XmlView set(String path, Object value) {
        NodeList nodes = nodes(path);
        if (nodes.getLength() == 0) throw new IllegalArgumentException("nothing in the XML matches '" + path + "'");
        String text = value == null ? "" : String.valueOf(value);
        for (int i = 0; i < nodes.getLength(); i++) nodes.item(i).setTextContent(text);
        changed = true;
        return this;
    }

    @HostAccess.Export
    @Override
    public String toString() {
        return new String(bytes(), charset);
    }

    /** The document as bytes in its own encoding: the bytes it was read from until something was set. */
    byte[] bytes() {
        return changed ? write() : original;
    }

    /** The encoding the document was read in and is written in. */
    Charset charset() {
        return charset;
    }

    private byte[] write() {
        // The serializer would write its own declaration (with standalone="no") and lose the line breaks
        // around the root element: keep the original's declaration and outer white space instead.
        String text = new String(original, charset);
        Matcher prolog = PROLOG.matcher(text);
        int trailingSpace = text.length();
        while (trailingSpace > 0 && Character.isWhitespace(text.charAt(trailingSpace - 1))) trailingSpace--;
        StringWriter out = new StringWriter();
        out.write(prolog.lookingAt() ? prolog.group() : "");
        try {
            TransformerFactory factory = TransformerFactory.newDefaultInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Transformer serializer = factory.newTransformer();
            serializer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            // Characters the encoding cannot hold are written as character references.
            serializer.setOutputProperty(OutputKeys.ENCODING, charset.name());
            serializer.transform(new DOMSource(document), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot write the XML document: " + e.getMessage(), e);
        }
        out.write(text, trailingSpace, text.length() - trailingSpace);
        return out.toString().getBytes(charset);
    }

    private NodeList nodes(String path) {
        try {
            return (NodeList) xpath.evaluate(path, document, XPathConstants.NODESET);
        } catch (XPathExpressionException e) {
            // The JDK wraps the reason in an exception whose message starts with its class name.
            Throwable inner = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause() : e;
            String reason = inner.getMessage();
            throw new IllegalArgumentException("'" + path + "' is not an XPath to nodes of the XML: " + reason, e);
        }
    }

    private static String text(Node node) {
        // A document node has no text content of its own in DOM; its root element's is what "/" means.
        return node instanceof Document d ? d.getDocumentElement().getTextContent() : node.getTextContent();
    }

    private static Charset charsetOf(Document document) {
        // The declared encoding is what the parser read with; without a declaration, what it detected.
        String name = document.getXmlEncoding() != null ? document.getXmlEncoding() : document.getInputEncoding();
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8; // the parser read it, so Java knows it; only an exotic alias lands here
        }
    }

    private static XPath newXPath() {
        XPathFactory factory = XPathFactory.newDefaultInstance();
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true); // no extension functions
        } catch (XPathFactoryConfigurationException e) {
            throw new IllegalStateException("the JDK's XPath lacks secure processing", e);
        }
        return factory.newXPath();
    }
}
