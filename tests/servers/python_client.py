"""An MCP client built with the official Python SDK (`mcp` 2.x), for the serve tests. It
starts a server over stdio, lists its tools, calls one, and prints what it saw as JSON:

    python_client.py MODE TOOL ARGUMENTS_JSON -- COMMAND [ARGS...]

MODE is the SDK's connect mode: "legacy" (the initialize handshake) or "auto" (discover,
which 2026-07-28 servers answer).
"""

import asyncio
import json
import os
import sys

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters


async def main():
    split = sys.argv.index("--")
    mode, tool, arguments = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    command = sys.argv[split + 1 :]
    # The whole environment: the server reads its API credentials from it.
    server = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    async with Client(server, mode=mode) as client:
        listed = await client.list_tools()
        result = await client.call_tool(tool, arguments)
        print(
            json.dumps(
                {
                    "protocolVersion": client.protocol_version,
                    "tools": [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed.tools],
                    "result": result.model_dump(mode="json", by_alias=True, exclude_none=True),
                }
            )
        )


asyncio.run(main())
