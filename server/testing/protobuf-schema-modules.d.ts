// Types for the two packages the tests decode protocol buffers with (server/testing/gtfs-realtime-decoder.ts): they
// ship none. Only what the decoder calls.
declare module "protocol-buffers-schema" {
  /** a .proto file's text, parsed into the schema object pbf's compiler takes */
  function parse(text: string): object;
  export default parse;
}

declare module "pbf/compile" {
  /** read and write functions per message of a parsed schema: `read<Message>(pbf)`, `write<Message>(object, pbf)` */
  export function compile(schema: object): Record<string, (...args: never[]) => unknown>;
}
