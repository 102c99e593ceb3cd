// `import path from '….ttf' with { type: 'file' }`: Bun answers the file's path, and embeds the
// file in the compiled binary (answering its path there).
declare module '*.ttf' {
  const path: string
  export default path
}
