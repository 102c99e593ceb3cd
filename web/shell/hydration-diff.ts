/** The visible texts of a tree, in document order (blank ones left out). */
function texts(root: Node): string[] {
  const out: string[] = []
  const walker = root.ownerDocument?.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */)
  for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
    const text = node.nodeValue?.trim()
    if (text) out.push(text)
  }
  return out
}

/**
 * Where an island's first client render differs from the server's HTML, in words: React's own
 * report of a hydration mismatch says only "text" in production. Null when the texts agree.
 */
export function firstTextDifference(serverHtml: string, element: Element): string | null {
  const template = element.ownerDocument.createElement('template')
  template.innerHTML = serverHtml
  const server = texts(template.content)
  const client = texts(element)
  for (let i = 0; i < Math.max(server.length, client.length); i++) {
    if (server[i] !== client[i])
      return `text #${i}: server ${JSON.stringify(server[i] ?? null)}, client ${JSON.stringify(client[i] ?? null)}`
  }
  return null
}
