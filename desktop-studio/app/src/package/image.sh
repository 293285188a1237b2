#!/usr/bin/env bash
# Builds the studio's self-contained image (run by the package phase): jlink makes a Java runtime holding the
# JDK modules the studio needs and JavaFX (its Maven jars are modules with their native libraries inside),
# then jpackage puts the studio's jars beside it with a native launcher: target/ductus-studio/bin/ductus-studio.
# No installed Java, launcher or signing is needed to run it.
#   image.sh JAVA_HOME TARGET_DIR VERSION
set -euo pipefail
java_home="$1"; target="$2"; version="$3"
libs="$target/studio-libs"
work="$target/studio-image-work"
rm -rf "$work" "$target/ductus-studio"
mkdir -p "$work/app"

# JavaFX goes into the runtime as modules; everything else is the application's class path.
fx_modules="$(ls "$libs"/javafx-*-linux.jar | tr '\n' ':')"
for jar in "$libs"/*.jar; do
  case "$(basename "$jar")" in javafx-*) ;; *) cp "$jar" "$work/app/" ;; esac
done
cp "$target/ductus-studio.jar" "$work/app/"

# The JDK modules the studio's classes and libraries use (jdeps --print-module-deps over target/studio-libs),
# and JavaFX's. --strip-debug and no man pages or header files keep the image small.
"$java_home/bin/jlink" --module-path "${fx_modules%:}" \
  --add-modules java.base,java.desktop,java.logging,java.net.http,java.scripting,java.sql,java.xml,jdk.jfr,jdk.unsupported,javafx.controls,javafx.fxml \
  --strip-debug --no-header-files --no-man-pages --output "$work/runtime"

# The serial collector: a desktop client's heap is small, and on two cores its short stop-the-world pauses
# cost the FX thread less than G1's concurrent threads competing with it (bench/run studio: the longest frame
# gap under 200 events/s was 120-176 ms with it, 112-724 ms with G1, in alternating runs on a loaded machine).
# jpackage wants a version of digits and dots.
app_version="$(echo "$version" | sed 's/[^0-9.].*//')"
"$java_home/bin/jpackage" --type app-image --name ductus-studio --dest "$target" \
  --runtime-image "$work/runtime" --input "$work/app" --main-jar ductus-studio.jar --main-class io.ductus.studio.Main \
  --app-version "${app_version:-1.0}" --vendor Ductus --description "Ductus Studio: the desktop client of a Ductus engine" \
  --java-options '--enable-native-access=javafx.graphics' --java-options '-Dfile.encoding=UTF-8' --java-options '-XX:+UseSerialGC'
rm -rf "$work"
echo "studio image: $target/ductus-studio/bin/ductus-studio"
