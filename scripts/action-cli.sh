# Sourced by the steps of action.yml: `docugraph …` runs the release the `package` step picked
# ($DOCUGRAPH_PACKAGE), installed once per job into $RUNNER_TEMP by the first step that needs
# it; later steps run the installed executable (an `npx` per call installed it again each time).
docugraph() {
  local dir="$RUNNER_TEMP/docugraph-cli"
  local bin="$dir/node_modules/.bin/docugraph"
  if [ ! -x "$bin" ]; then
    mkdir -p "$dir"
    if ! npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$DOCUGRAPH_PACKAGE" > /dev/null; then
      echo "::error title=DocuGraph::could not install $DOCUGRAPH_PACKAGE with npm; check the action's package input and the runner's access to the npm registry."
      return 2
    fi
  fi
  "$bin" "$@"
}
