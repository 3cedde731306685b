// How much memory the embedded database keeps (docs/configuration.md "Memory"). PGlite runs PostgreSQL inside this
// process's WebAssembly memory, so PostgreSQL's own buffers count towards the server's resident size: with the
// default shared_buffers (128 MB in PGlite) the demo server stood at ~745 MB. The embedded database is for a demo or
// a small fleet whose data files the operating system caches anyway (PGlite reads and writes real files in
// DATA_DIR), so a small buffer pool costs little and saves ~125 MB; PostgreSQL proper keeps its own settings.
export const EMBEDDED_MEMORY_PARAMS = ["-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB"];
