"""One rewrite of an ONNX graph, done on its protobuf bytes as it loads: a table stored as
int8 codes with a scale per row is looked up first and dequantized after, so the session
keeps the int8 table rather than a float32 copy of it (the same numbers, a quarter of the
memory). Only the wire format is read: no ``onnx`` package is needed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

# field numbers of onnx.proto3 (ModelProto.graph, GraphProto.node, NodeProto, AttributeProto)
MODEL_GRAPH = 7
GRAPH_NODE = 1
NODE_INPUT, NODE_OUTPUT, NODE_NAME, NODE_OP_TYPE, NODE_ATTRIBUTE = 1, 2, 3, 4, 5
ATTR_NAME, ATTR_INT, ATTR_TYPE = 1, 3, 20
ATTR_TYPE_INT = 2
TENSOR_FLOAT = 1
LENGTH_DELIMITED = 2


class GraphRewriteError(ValueError):
    """The graph does not have the shape the rewrite expects."""


@dataclass(frozen=True)
class Field:
    number: int
    wire: int
    value: int  # a varint's value; for bytes, the payload's length
    start: int  # where the record (tag included) starts
    payload: int  # where a length-delimited payload starts
    end: int  # where the record ends


def _varint(buf: bytes | memoryview, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(buf):
            raise GraphRewriteError("truncated protobuf")
        byte = buf[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def fields(buf: bytes | memoryview, start: int = 0, stop: int | None = None) -> Iterator[Field]:
    """The records of one protobuf message, in order."""
    at, stop = start, len(buf) if stop is None else stop
    while at < stop:
        record = at
        tag, at = _varint(buf, at)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, at = _varint(buf, at)
            yield Field(number, wire, value, record, at, at)
        elif wire == LENGTH_DELIMITED:
            size, at = _varint(buf, at)
            if at + size > stop:
                raise GraphRewriteError("truncated protobuf")
            yield Field(number, wire, size, record, at, at + size)
            at += size
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            yield Field(number, wire, 0, record, at, at + width)
            at += width
        else:
            raise GraphRewriteError(f"unsupported protobuf wire type {wire}")


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _bytes_field(number: int, payload: bytes) -> bytes:
    return _encode_varint(number << 3 | LENGTH_DELIMITED) + _encode_varint(len(payload)) + payload


def _node(op_type: str, inputs: list[str], outputs: list[str], **ints: int) -> bytes:
    body = b"".join(_bytes_field(NODE_INPUT, name.encode()) for name in inputs)
    body += b"".join(_bytes_field(NODE_OUTPUT, name.encode()) for name in outputs)
    body += _bytes_field(NODE_NAME, f"{outputs[0]}/{op_type}".encode())
    body += _bytes_field(NODE_OP_TYPE, op_type.encode())
    for name, value in ints.items():
        attribute = _bytes_field(ATTR_NAME, name.encode())
        attribute += _encode_varint(ATTR_INT << 3) + _encode_varint(value)
        attribute += _encode_varint(ATTR_TYPE << 3) + _encode_varint(ATTR_TYPE_INT)
        body += _bytes_field(NODE_ATTRIBUTE, attribute)
    return _bytes_field(GRAPH_NODE, body)


@dataclass(frozen=True)
class Node:
    op_type: str
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]


def read_node(buf: memoryview, field: Field) -> Node:
    op_type, inputs, outputs = "", [], []
    for f in fields(buf, field.payload, field.end):
        if f.wire != LENGTH_DELIMITED:
            continue
        if f.number == NODE_INPUT:
            inputs.append(bytes(buf[f.payload : f.end]).decode())
        elif f.number == NODE_OUTPUT:
            outputs.append(bytes(buf[f.payload : f.end]).decode())
        elif f.number == NODE_OP_TYPE:
            op_type = bytes(buf[f.payload : f.end]).decode()
    return Node(op_type, tuple(inputs), tuple(outputs))


def gather_before_dequantize(model: bytes, table: str) -> list[bytes | memoryview]:
    """``model`` (as consecutive parts, to write out or join) with the lookup of ``table`` done on its int8 codes.

    The export computes ``table = Cast(table_q) * table_scale`` (codes ``[rows, d]``, one
    scale per row, ``[rows, 1]``) and then ``Gather(table, ids)``; onnxruntime folds the
    first part into a float32 table at load. The rewrite gathers the codes and the scales
    by ``ids`` and dequantizes only the rows looked up: each row is the same float32
    product as before, so the outputs are the same to the bit.
    """
    buf = memoryview(model)
    graph = next((f for f in fields(buf) if f.number == MODEL_GRAPH and f.wire == LENGTH_DELIMITED), None)
    if graph is None:
        raise GraphRewriteError("no graph in the model")
    cast_out, codes, scales = f"{table}_f", f"{table}_q", f"{table}_scale"
    kept: list[bytes | memoryview] = []
    found = {"cast": False, "mul": False, "gather": 0}
    for f in fields(buf, graph.payload, graph.end):
        record = buf[f.start : f.end]
        if f.number != GRAPH_NODE or f.wire != LENGTH_DELIMITED:
            kept.append(record)
            continue
        node = read_node(buf, f)
        if node.outputs == (cast_out,) and node.op_type == "Cast" and node.inputs == (codes,):
            found["cast"] = True
            continue
        if node.outputs == (table,) and node.op_type == "Mul" and node.inputs == (cast_out, scales):
            found["mul"] = True
            continue
        if node.op_type == "Gather" and node.inputs[:1] == (table,) and len(node.inputs) == 2:
            ids, (out,) = node.inputs[1], node.outputs
            found["gather"] += 1
            kept += [
                _node("Gather", [codes, ids], [f"{out}_q"], axis=0),
                _node("Gather", [scales, ids], [f"{out}_scale"], axis=0),
                _node("Cast", [f"{out}_q"], [f"{out}_f"], to=TENSOR_FLOAT),
                _node("Mul", [f"{out}_f", f"{out}_scale"], [out]),
            ]
            continue
        if table in node.inputs or cast_out in node.inputs:
            raise GraphRewriteError(f"{table} is used by a {node.op_type}, not only looked up")
        kept.append(record)
    if not (found["cast"] and found["mul"] and found["gather"]):
        raise GraphRewriteError(f"{table} is not an int8 table dequantized and then looked up")
    # views of the original, not a copy: the model is ~23 MB of codes
    size = sum(len(part) for part in kept)
    header = _encode_varint(MODEL_GRAPH << 3 | LENGTH_DELIMITED) + _encode_varint(size)
    return [buf[: graph.start], header, *kept, buf[graph.end :]]
