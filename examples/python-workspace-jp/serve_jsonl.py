"""Serves `read_file` over the JSONL protocol of `@read/conformance`, so the harness can gate it.

One JSON request per line on stdin, one JSON answer per line on stdout, until stdin ends:

    {"id": 1, "root": "/tmp/ws", "input": {"path": "a.txt"}}   ->   {"id": 1, "output": {...}}
    anything that cannot be served                             ->   {"id": 1, "error": "why"}

`config` (this tool has no options: any key is refused), `permission` (it never asks anyone) and `tool`
(only `read_file`) may accompany a request. `{"id": 2, "definition": true}` asks for the tool's
definition, which this example does not publish (see expected-failures.json).

    python3 serve_jsonl.py
"""

from __future__ import annotations

import json
import os
import sys

from read_file import read_file

REQUEST_KEYS = {"id", "root", "config", "permission", "tool", "input", "definition"}


def answer(request: object) -> dict:
    if not isinstance(request, dict):
        return {"id": None, "error": "the request is not a JSON object"}
    ident = request.get("id")
    unknown = sorted(set(request) - REQUEST_KEYS)
    if unknown:
        return {"id": ident, "error": f"unknown request keys: {', '.join(unknown)}"}
    if request.get("definition") is True:
        return {"id": ident, "error": "this example does not publish its definition"}
    config = request.get("config", {})
    if not isinstance(config, dict) or config:
        return {"id": ident, "error": f"read_file has no options, got {json.dumps(config)}"}
    if request.get("tool", "read_file") != "read_file":
        return {"id": ident, "error": f"unknown tool {json.dumps(request.get('tool'))} (this server has read_file)"}
    if request.get("permission") not in (None, "allow", "deny"):
        return {"id": ident, "error": "permission must be allow or deny"}
    root = request.get("root")
    if not isinstance(root, str) or not os.path.isdir(root):
        return {"id": ident, "error": f"the root {json.dumps(root)} is not an existing directory"}
    if "input" not in request:
        return {"id": ident, "error": "the request has no input"}
    return {"id": ident, "output": read_file(root, request["input"])}


def main() -> None:
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            response = {"id": None, "error": f"the request is not JSON: {error}"}
        else:
            response = answer(request)
        # ASCII only: a path echoed from the request may hold a lone surrogate, which UTF-8 cannot carry.
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
