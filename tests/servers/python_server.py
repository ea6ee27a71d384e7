"""An MCP server built with the official Python SDK (`mcp` 2.x, whose MCPServer is the
former FastMCP), for the verify tests. It lists the tools of a manifest:

    python_server.py MANIFEST faithful   # as written
    python_server.py MANIFEST nested     # annotations one level off: {"annotations": {"hints": {...}}}
    python_server.py MANIFEST dropped    # no annotations at all
    python_server.py MANIFEST toplevel   # hints at the tool's top level, beside its name
    python_server.py MANIFEST paged      # as written, two tools per tools/list page

With a third argument, a port, it serves Streamable HTTP on 127.0.0.1:PORT/mcp instead
of stdio.
"""

import asyncio
import json
import sys

import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

manifest_path, mode = sys.argv[1], sys.argv[2]
with open(manifest_path, encoding="utf-8") as f:
    TOOLS = json.load(f)["tools"]


def shaped(tool):
    tool = dict(tool)
    annotations = tool.pop("annotations", None)
    if annotations and mode in ("faithful", "paged"):
        tool["annotations"] = annotations
    elif annotations and mode == "nested":
        tool["annotations"] = {"hints": annotations}
    elif annotations and mode == "toplevel":
        tool.update(annotations)
    return tool


async def list_tools(ctx, params):
    tools = [shaped(t) for t in TOOLS]
    if mode != "paged":
        return types.ListToolsResult.model_validate({"tools": tools})
    start = int(params.cursor) if params and params.cursor else 0
    page = {"tools": tools[start : start + 2]}
    if start + 2 < len(tools):
        page["nextCursor"] = str(start + 2)
    return types.ListToolsResult.model_validate(page)


server = Server("openapi2mcp-test", on_list_tools=list_tools)


async def main():
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if len(sys.argv) > 3:
    import uvicorn

    uvicorn.run(server.streamable_http_app(), host="127.0.0.1", port=int(sys.argv[3]), log_level="warning")
else:
    asyncio.run(main())
