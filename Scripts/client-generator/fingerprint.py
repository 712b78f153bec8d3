"""Fingerprints of WayfinderClient's generated code, for Scripts/generate-client --check.

`inputs`: what the generator reads that can change its output: the generator's pinned version
(this folder's Package.swift), its settings (openapi-generator-config.yaml), and the part of the
OpenAPI document the settings' filter keeps (the document's header, the filtered operations, the
components they reach; a schema replaced by a `typeOverrides` type counts by its description
alone, which is all the generator writes of it). Anything else in the document (other routes, their
schemas) does not change the generated code, so it does not change the fingerprint either.

`output`: the generated files as committed (all but the fingerprint file itself).

Usage: fingerprint.py inputs DOCUMENT CONFIG GENERATOR_MANIFEST | fingerprint.py output DIRECTORY
"""

import hashlib
import json
import os
import sys

FINGERPRINT_FILE = "GeneratedFrom.swift"
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def config_lists(text):
    """The filter's operations and the typeOverrides' schema names, from the settings file (the
    flat YAML the generator documents: two-space indents, `- item` lists, `key: value` maps)."""
    operations, overrides, section = [], [], []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip())) // 2
        item = line.strip()
        if item.startswith("- "):
            if section[:2] == ["filter", "operations"]:
                operations.append(item[2:].strip())
            continue
        key = item.split(":", 1)[0].strip()
        section = section[:depth] + [key]
        if section[:2] == ["typeOverrides", "schemas"] and depth == 2:
            overrides.append(key)
    return operations, overrides


def kept_document(document, operations, overrides):
    """The document as the generator's filter keeps it (operations and the components they reach)."""
    kept = {key: document[key] for key in ("openapi", "info", "servers", "jsonSchemaDialect") if key in document}
    paths = {}
    for path, item in document.get("paths", {}).items():
        methods = {m: op for m, op in item.items() if m in METHODS and op.get("operationId") in operations}
        if methods:
            shared = {k: v for k, v in item.items() if k not in METHODS}
            paths[path] = {**shared, **methods}
    kept["paths"] = paths
    components, pending = {}, [paths]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/"):
                _, _, kind, name = ref.split("/", 3)
                if (kind, name) not in components:
                    target = document["components"][kind][name]
                    if kind == "schemas" and name in overrides:
                        target = {"description": target.get("description")}
                    components[(kind, name)] = target
                    pending.append(target)
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    kept["components"] = {f"{kind}/{name}": value for (kind, name), value in sorted(components.items())}
    return kept


def inputs(document_path, config_path, manifest_path):
    with open(config_path, encoding="utf-8") as file:
        config = file.read()
    with open(manifest_path, encoding="utf-8") as file:
        manifest = file.read()
    with open(document_path, encoding="utf-8") as file:
        document = json.load(file)
    operations, overrides = config_lists(config)
    if not operations:
        sys.exit("fingerprint.py: the settings' filter names no operations")
    kept = kept_document(document, operations, overrides)
    text = json.dumps({"generator": manifest, "config": config, "document": kept}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def output(directory):
    digest = hashlib.sha256()
    for name in sorted(os.listdir(directory)):
        if name == FINGERPRINT_FILE or not name.endswith(".swift"):
            continue
        digest.update(name.encode("utf-8") + b"\0")
        with open(os.path.join(directory, name), "rb") as file:
            digest.update(file.read() + b"\0")
    return digest.hexdigest()


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "inputs":
        print(inputs(*sys.argv[2:]))
    elif len(sys.argv) == 3 and sys.argv[1] == "output":
        print(output(sys.argv[2]))
    else:
        sys.exit(__doc__)
