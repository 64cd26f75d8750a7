#!/bin/sh
# Builds the documentation of Terminal and Widgets with the toolchain's docc (no SwiftPM
# plugin): symbol graphs from the compiler, one archive per module, merged into OUTPUT.
# Fails, naming them, if a public declaration has no documentation comment.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
OUTPUT=${1:-.build/docs}
WORK=.build/docs-build
GRAPHS=$WORK/symbol-graphs
MODULES="Terminal Widgets"
# The compiler and docc leave folders in TMPDIR on every run (TemporaryDirectory.*, an
# empty one named by a UUID): they get one inside the build folder, emptied each time.
TMPDIR="$PWD/$WORK/tmp"
export TMPDIR
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"

# A build of its own, so that the test build keeps its flags (and its cache). Graphs are
# written when a module compiles: an unchanged module keeps the ones it wrote.
mkdir -p "$GRAPHS"
"$SWIFT" build --scratch-path "$WORK" --target Widgets \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$GRAPHS" \
  -Xswiftc -symbol-graph-skip-synthesized-members 2>&1 | grep -v "prohibited flag" || true
[ -f "$GRAPHS/Widgets.symbols.json" ] || { echo "docs: no symbol graphs in $GRAPHS" >&2; exit 1; }

rm -rf "$WORK/archives" "$OUTPUT"
mkdir -p "$WORK/archives"
undocumented=""
for module in $MODULES; do
  input="$WORK/input/$module"
  rm -rf "$input"
  mkdir -p "$input"
  # A module that re-exports another (Widgets: Terminal, Observation) carries that one's
  # symbols too: each module documents only what its own sources declare.
  jq --arg dir "/Sources/$module/" \
    '.symbols |= map(select((.location.uri // "") | contains($dir)))' \
    "$GRAPHS/$module.symbols.json" >"$input/$module.symbols.json"
  for extension in "$GRAPHS/$module"@*.symbols.json; do
    [ -e "$extension" ] || continue
    jq --arg dir "/Sources/$module/" \
      '.symbols |= map(select((.location.uri // "") | contains($dir)))' \
      "$extension" >"$input/$(basename "$extension")"
  done
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$input" \
    --output-path "$WORK/archives/$module.doccarchive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "register.$module" \
    --enable-inherited-docs --warnings-as-errors \
    --experimental-documentation-coverage --coverage-summary-level none
  missing=$(jq -r '.[] | select(.kind.isSymbol and (.hasAbstract | not)) | .referencePath' \
    "$WORK/archives/$module.doccarchive/documentation-coverage.json" |
    sed 's|^doc://[^/]*/documentation/||' | sort)
  [ -z "$missing" ] || undocumented="$undocumented$missing
"
done

docc merge "$WORK"/archives/*.doccarchive --output-path "$OUTPUT" \
  --synthesized-landing-page-name "register toolkit" >/dev/null

if [ -n "$undocumented" ]; then
  echo "docs: public declarations without a documentation comment:" >&2
  printf '%s' "$undocumented" | sed 's/^/  /' >&2
  exit 1
fi
echo "docs: $OUTPUT (open index.html through a web server, e.g. python3 -m http.server)"
