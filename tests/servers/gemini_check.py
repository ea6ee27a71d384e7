#!/usr/bin/env python3
"""Check that an MCP tools manifest's schemas are accepted by google-genai.

Usage: python gemini_check.py MANIFEST.json [MANIFEST2.json ...]

For every tool, inputSchema and outputSchema (if present) must pass
google.genai.types.Schema.model_validate (the model behind
FunctionDeclaration.parameters / .response).  inputSchema is also put through
the SDK's own MCP conversion (mcp_to_gemini_tool: JSONSchema ->
Schema.from_json_schema); that path assigns fields without validation, so its
result is validated again.  Warnings the SDK raises while validating (such as
"X is not a valid Type") count as failures too.

Prints `MANIFEST: TOOL: pointer: message` for each problem and a summary line;
exits 1 if any tool fails, 0 otherwise (2 on a usage error).
"""
import json
import logging
import re
import sys
import types as pytypes
import warnings

import pydantic
from google.genai import types

try:  # private module: the conversion the SDK applies to MCP tools
    from google.genai._mcp_utils import mcp_to_gemini_tool
except ImportError:
    mcp_to_gemini_tool = None

logging.getLogger("google_genai").setLevel(logging.ERROR)  # conversion notes


def pointer(parts):
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def subschemas(node, path):
    """Yield (path, node) for node and every schema nested in it."""
    if not isinstance(node, dict):
        return
    yield path, node
    for key, value in node.items():
        if key in ("items", "additionalProperties"):
            yield from subschemas(value, path + [key])
        elif key in ("anyOf", "oneOf", "allOf") and isinstance(value, list):
            for i, v in enumerate(value):
                yield from subschemas(v, path + [key, i])
        elif key in ("properties", "$defs", "defs") and isinstance(value, dict):
            for name, v in value.items():
                yield from subschemas(v, path + [key, name])


def sdk_validate(schema):
    """Validate with types.Schema; return (pydantic errors, other message or None)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            types.Schema.model_validate(schema)
        except pydantic.ValidationError as e:
            return e.errors(), None
        except Exception as e:  # e.g. a type array: the Type enum raises
            return [], f"{type(e).__name__}: {e}"
    caught = [w for w in caught if not issubclass(w.category, DeprecationWarning)]
    return [], (f"warning: {caught[0].message}" if caught else None)


def validate(schema, base):
    """Validate schema as a types.Schema; return [(pointer, message)]."""
    errors, other = sdk_validate(schema)
    problems = [(pointer(base + list(err["loc"])),
                 f"{err['msg']} [{err['type']}], got {json.dumps(err.get('input'), default=str)[:60]}")
                for err in errors]
    if other:  # no location given: find the nodes whose `type` causes it
        found = [(pointer(path + ["type"]), sdk_validate({"type": node["type"]})[1])
                 for path, node in subschemas(schema, base) if "type" in node]
        problems += [(p, m) for p, m in found if m] or [(pointer(base), other)]
    return problems


# The naming rules of Gemini's FunctionDeclaration (Vertex AI REST reference), which the SDK
# does not enforce: a function name starts with a letter or an underscore and holds letters,
# digits, underscores, dots and dashes; a parameter name holds no dots or dashes; both at
# most 64 characters.
FUNCTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,63}")
PARAMETER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")


def check_names(tool):
    problems = []
    if not FUNCTION_NAME.fullmatch(str(tool.get("name"))):
        problems.append(("/name", "not a Gemini function name"))
    for name in (tool.get("inputSchema") or {}).get("properties", {}):
        if not PARAMETER_NAME.fullmatch(name):
            problems.append((pointer(["inputSchema", "properties", name]),
                             "not a Gemini parameter name"))
    return problems


def check_tool(tool):
    problems = check_names(tool)
    for field in ("inputSchema", "outputSchema"):
        if field in tool:
            problems += validate(tool[field], [field])
    schema = tool.get("inputSchema")
    if schema is None:
        return problems
    # As a function declaration (what Tool.model_validate does with a dict).
    decl = {"name": tool.get("name"), "description": tool.get("description"), "parameters": schema}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            types.FunctionDeclaration.model_validate(decl)
        except Exception as e:
            if not problems:
                problems.append(("/", f"FunctionDeclaration: {str(e).splitlines()[-1].strip()}"))
    # The SDK's conversion of an MCP tool (google.genai._mcp_utils).
    if mcp_to_gemini_tool is not None:
        seen = {p for p, _ in problems}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                mcp = pytypes.SimpleNamespace(name=tool.get("name"), description=tool.get("description"),
                                              inputSchema=json.loads(json.dumps(schema)))
                params = mcp_to_gemini_tool(mcp).function_declarations[0].parameters
                dumped = params.model_dump(by_alias=True, exclude_none=True)
            found = [(p, f"{m} (after mcp_to_gemini_tool)")
                     for p, m in validate(dumped, ["inputSchema"])]
        except Exception as e:
            found = [("/inputSchema", f"mcp_to_gemini_tool: {type(e).__name__}: {str(e).splitlines()[0]}")]
        problems += [(p, m) for p, m in found if p not in seen]
    return problems


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    checked = failing = errors = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                tools = json.load(f)["tools"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"{path}: cannot read manifest: {e}", file=sys.stderr)
            return 2
        for tool in tools:
            checked += 1
            problems = check_tool(tool)
            failing += bool(problems)
            errors += len(problems)
            for ptr, msg in problems:
                print(f"{path}: {tool.get('name')}: {ptr}: {msg}")
    print(f"gemini_check: {len(paths)} manifest(s), {checked} tools checked, "
          f"{failing} failing, {errors} problem(s)")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
