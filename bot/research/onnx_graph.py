"""A weight-only int8 ONNX graph rewritten on its protobuf bytes as it loads, for a lean
onnxruntime session with the same outputs to the bit: a table looked up by id stays int8
(its rows dequantized as they are looked up), and every other weight is dequantized here
once, as onnxruntime's constant folding would, which holds twice the float32 weights.
Only the wire format is read: no ``onnx`` package is needed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from bot.errors import MalloryError

# field numbers of onnx.proto3 (ModelProto.graph, GraphProto.node, NodeProto, AttributeProto)
MODEL_GRAPH = 7
GRAPH_NODE, GRAPH_INITIALIZER = 1, 5
TENSOR_DIMS, TENSOR_DATA_TYPE, TENSOR_NAME, TENSOR_RAW = 1, 2, 8, 9
TENSOR_INT8 = 3
NODE_INPUT, NODE_OUTPUT, NODE_NAME, NODE_OP_TYPE, NODE_ATTRIBUTE = 1, 2, 3, 4, 5
ATTR_NAME, ATTR_INT, ATTR_TYPE = 1, 3, 20
ATTR_TYPE_INT = 2
TENSOR_FLOAT = 1
LENGTH_DELIMITED = 2


class GraphRewriteError(MalloryError):
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


@dataclass(frozen=True)
class Tensor:
    name: str
    dims: tuple[int, ...]
    data_type: int
    raw: memoryview | None


def read_tensor(buf: memoryview, field: Field) -> Tensor:
    name, dims, data_type, raw = "", [], 0, None
    for f in fields(buf, field.payload, field.end):
        if f.number == TENSOR_DIMS and f.wire == 0:
            dims.append(f.value)
        elif f.number == TENSOR_DIMS and f.wire == LENGTH_DELIMITED:  # packed
            at = f.payload
            while at < f.end:
                value, at = _varint(buf, at)
                dims.append(value)
        elif f.number == TENSOR_DATA_TYPE:
            data_type = f.value
        elif f.number == TENSOR_NAME:
            name = bytes(buf[f.payload : f.end]).decode()
        elif f.number == TENSOR_RAW:
            raw = buf[f.payload : f.end]
    return Tensor(name, tuple(dims), data_type, raw)


def _array(tensor: Tensor, dtype: type[np.generic]) -> np.ndarray:
    if tensor.raw is None:
        raise GraphRewriteError(f"{tensor.name} is not stored as raw data")
    return np.frombuffer(tensor.raw, dtype=np.dtype(dtype).newbyteorder("<")).reshape(tensor.dims)


Part = bytes | memoryview | Callable[[], bytes]


def _float_tensor(name: str, shape: tuple[int, ...], values: Callable[[], np.ndarray]) -> list[Part]:
    """A float32 initializer record whose data is computed only when written out."""
    nbytes = 4 * int(np.prod(shape))
    head = _encode_varint(TENSOR_DIMS << 3 | LENGTH_DELIMITED)
    packed = b"".join(_encode_varint(d) for d in shape)
    head += _encode_varint(len(packed)) + packed
    head += _encode_varint(TENSOR_DATA_TYPE << 3) + _encode_varint(TENSOR_FLOAT)
    head += _bytes_field(TENSOR_NAME, name.encode())
    head += _encode_varint(TENSOR_RAW << 3 | LENGTH_DELIMITED) + _encode_varint(nbytes)
    record = _encode_varint(GRAPH_INITIALIZER << 3 | LENGTH_DELIMITED) + _encode_varint(len(head) + nbytes)
    return [record + head, lambda: values().astype("<f4", copy=False).tobytes()]


def _size(part: Part, lazy: dict[int, int]) -> int:
    return lazy[id(part)] if callable(part) else len(part)


def lean_graph(model: bytes, table: str) -> Iterator[bytes | memoryview]:
    """``model``, rewritten, as consecutive parts to write out (the float32 weights are
    computed one at a time as they are written).

    The export dequantizes each weight as ``w = Cast(w_q) * w_scale`` (int8 codes, float32
    scales) and onnxruntime folds those into float32 constants at load. Here ``table``
    (codes ``[rows, d]``, a scale per row) is looked up by ``Gather`` on its codes and
    scales and only the rows looked up are dequantized, and every other ``w`` becomes a
    float32 initializer computed with the same float32 products: the outputs do not change.
    """
    buf = memoryview(model)
    graph = next((f for f in fields(buf) if f.number == MODEL_GRAPH and f.wire == LENGTH_DELIMITED), None)
    if graph is None:
        raise GraphRewriteError("no graph in the model")
    records = list(fields(buf, graph.payload, graph.end))
    nodes = {
        id(f): read_node(buf, f) for f in records if f.number == GRAPH_NODE and f.wire == LENGTH_DELIMITED
    }
    tensors = {
        t.name: t
        for t in (
            read_tensor(buf, f)
            for f in records
            if f.number == GRAPH_INITIALIZER and f.wire == LENGTH_DELIMITED
        )
    }
    made_by = {node.outputs[0]: node for node in nodes.values() if node.outputs}
    uses: dict[str, int] = {}
    for node in nodes.values():
        for name in node.inputs:
            uses[name] = uses.get(name, 0) + 1

    # each dequantized weight: w ← Mul(Cast(w_q), w_scale), both constants
    weights: dict[str, tuple[Tensor, Tensor]] = {}
    for node in nodes.values():
        cast = made_by.get(node.inputs[0]) if node.op_type == "Mul" and len(node.inputs) == 2 else None
        if cast is None or cast.op_type != "Cast" or uses.get(cast.outputs[0]) != 1:
            continue
        codes, scales = tensors.get(cast.inputs[0]), tensors.get(node.inputs[1])
        if codes is not None and scales is not None and codes.data_type == TENSOR_INT8:
            if scales.data_type == TENSOR_FLOAT:
                weights[node.outputs[0]] = (codes, scales)
    if table not in weights:
        raise GraphRewriteError(f"{table} is not an int8 table dequantized in the graph")
    dropped_nodes = {name for w in weights for name in (w, made_by[w].inputs[0])}
    folded = {name for w in weights if w != table for name in (weights[w][0].name, weights[w][1].name)}
    if any(uses.get(name, 0) > 1 for name in folded):
        raise GraphRewriteError("a quantized weight is used by more than its dequantization")

    parts: list[Part] = []
    lazy: dict[int, int] = {}
    lookups = 0
    for f in records:
        record = buf[f.start : f.end]
        op = nodes.get(id(f))
        if op is not None and op.outputs and op.outputs[0] in dropped_nodes:
            continue
        if op is not None and op.op_type == "Gather" and op.inputs[:1] == (table,) and len(op.inputs) == 2:
            codes, scales = weights[table]
            ids, out = op.inputs[1], op.outputs[0]
            lookups += 1
            parts += [
                _node("Gather", [codes.name, ids], [f"{out}_q"], axis=0),
                _node("Gather", [scales.name, ids], [f"{out}_scale"], axis=0),
                _node("Cast", [f"{out}_q"], [f"{out}_f"], to=TENSOR_FLOAT),
                _node("Mul", [f"{out}_f", f"{out}_scale"], [out]),
            ]
            continue
        if op is not None and table in op.inputs:
            raise GraphRewriteError(f"{table} is used by a {op.op_type}, not only looked up")
        if (
            f.number == GRAPH_INITIALIZER
            and f.wire == LENGTH_DELIMITED
            and read_tensor(buf, f).name in folded
        ):
            continue
        parts.append(record)
    if not lookups:
        raise GraphRewriteError(f"{table} is never looked up")
    for name, (codes, scales) in weights.items():
        if name == table:
            continue
        shape = np.broadcast_shapes(codes.dims, scales.dims)

        def dequantized(codes: Tensor = codes, scales: Tensor = scales) -> np.ndarray:
            # the float32 products onnxruntime's Cast and Mul compute (folded or not)
            return _array(codes, np.int8).astype(np.float32) * _array(scales, np.float32)

        head, data = _float_tensor(name, shape, dequantized)
        lazy[id(data)] = 4 * int(np.prod(shape))
        parts += [head, data]

    size = sum(_size(part, lazy) for part in parts)
    yield buf[: graph.start]
    yield _encode_varint(MODEL_GRAPH << 3 | LENGTH_DELIMITED) + _encode_varint(size)
    for part in parts:
        yield part() if callable(part) else part
    yield buf[graph.end :]
