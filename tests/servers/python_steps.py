"""An MCP client built with the official Python SDK (`mcp` 2.x) that takes a server through
steps, for the `serve --dynamic` tests, and prints what it saw as JSON:

    python_steps.py MODE STEPS_JSON [ELICIT] -- COMMAND [ARGS...]

MODE is the SDK's connect mode: "legacy" (the initialize handshake; the server announces a
changed tool list with `notifications/tools/list_changed`) or "auto" (2026-07-28, where the
client listens for that change on a `subscriptions/listen` stream). STEPS_JSON is a list
of steps, each ["list"] or ["call", TOOL, ARGUMENTS]; the output has one entry per step
(the tools listed, or the call's result) and how many tool-list changes arrived. With
ELICIT ("accept", "decline" or "cancel"), the client declares form elicitation and answers
every elicitation request so; the output lists the requests' messages and schemas.
"""

import asyncio
import json
import os
import sys

import anyio
import mcp_types
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters


async def main():
    split = sys.argv.index("--")
    mode, steps = sys.argv[1], json.loads(sys.argv[2])
    elicit = sys.argv[3] if split > 3 else None
    command = sys.argv[split + 1 :]
    server = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
    changes = []

    async def on_message(message):
        method = getattr(getattr(message, "root", message), "method", None)
        if method == "notifications/tools/list_changed":
            changes.append(method)

    elicited = []

    async def on_elicitation(context, params):
        elicited.append(params.model_dump(mode="json", by_alias=True, exclude_none=True))
        return mcp_types.ElicitResult(action=elicit, content={} if elicit == "accept" else None)

    client_args = {"mode": mode}
    if mode == "legacy":
        client_args["message_handler"] = on_message
    if elicit:
        client_args["elicitation_callback"] = on_elicitation
    async with Client(server, **client_args) as client:
        seen = []

        async def run_steps():
            for step in steps:
                if step[0] == "list":
                    listed = await client.list_tools()
                    seen.append([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed.tools])
                else:
                    result = await client.call_tool(step[1], step[2])
                    seen.append(result.model_dump(mode="json", by_alias=True, exclude_none=True))

        # Each toolset enabled changes the list once; a change is heard on its own task, so
        # wait for it (a limit that only catches a server that never says it).
        expected = sum(1 for step in steps if step[0] == "call" and step[1] == "enable_toolset")

        async def heard():
            with anyio.move_on_after(30):
                while len(changes) < expected:
                    await anyio.sleep(0.01)

        if mode == "legacy":
            await run_steps()
            await heard()
        else:
            async with client.listen(tools_list_changed=True) as subscription:
                async with anyio.create_task_group() as group:

                    async def collect():
                        async for _ in subscription:
                            changes.append("notifications/tools/list_changed")

                    group.start_soon(collect)
                    await run_steps()
                    await heard()
                    group.cancel_scope.cancel()
        print(
            json.dumps(
                {
                    "protocolVersion": client.protocol_version,
                    "steps": seen,
                    "listChanged": len(changes),
                    "elicited": elicited,
                }
            )
        )


asyncio.run(main())
