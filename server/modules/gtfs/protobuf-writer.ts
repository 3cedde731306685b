// The protocol buffers wire format (protobuf.dev "Encoding"), writing only: varints, 32- and 64-bit floats, strings
// and nested messages, as the GTFS-realtime feed needs them. A nested message is written to its own writer first, so
// its length is known before it is copied in (feeds are a few hundred kilobytes at most).
const WIRE = { varint: 0, fixed64: 1, bytes: 2, fixed32: 5 } as const;

export class ProtobufWriter {
  private chunks: Uint8Array[] = [];
  private scratch = Buffer.alloc(8);

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
  }

  private key(field: number, wire: number): void {
    this.rawVarint(BigInt(field * 8 + wire));
  }

  private rawVarint(value: bigint): void {
    const bytes: number[] = [];
    let rest = value;
    do {
      let byte = Number(rest & 0x7fn);
      rest >>= 7n;
      if (rest > 0n) byte |= 0x80;
      bytes.push(byte);
    } while (rest > 0n);
    this.push(Uint8Array.from(bytes));
  }

  /** uint32, uint64, bool and enum values; int32 and int64 too: a negative one is written as its 64-bit two's complement */
  varint(field: number, value: number | boolean): this {
    const number = typeof value === "boolean" ? (value ? 1 : 0) : Math.trunc(value);
    this.key(field, WIRE.varint);
    this.rawVarint(BigInt.asUintN(64, BigInt(number)));
    return this;
  }

  float(field: number, value: number): this {
    this.key(field, WIRE.fixed32);
    this.scratch.writeFloatLE(value, 0);
    this.push(Uint8Array.from(this.scratch.subarray(0, 4)));
    return this;
  }

  double(field: number, value: number): this {
    this.key(field, WIRE.fixed64);
    this.scratch.writeDoubleLE(value, 0);
    this.push(Uint8Array.from(this.scratch.subarray(0, 8)));
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, "utf8"));
  }

  bytes(field: number, value: Uint8Array): this {
    this.key(field, WIRE.bytes);
    this.rawVarint(BigInt(value.length));
    this.push(value);
    return this;
  }

  message(field: number, write: (writer: ProtobufWriter) => void): this {
    const inner = new ProtobufWriter();
    write(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
