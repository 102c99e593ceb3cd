import { afterAll, beforeAll } from 'bun:test'
import { GlobalRegistrator } from '@happy-dom/global-registrator'

const URL_OF_PAGE = 'http://localhost:3000/'
let owned = false

function register(): void {
  if (GlobalRegistrator.isRegistered) return
  // Never fetch a script or stylesheet from the network (the Login Widget names telegram.org).
  GlobalRegistrator.register({
    url: URL_OF_PAGE,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  })
  owned = true
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
}

// At import, not in a hook: react-dom decides once, when it is first evaluated, whether it runs in
// a browser (and so which events it listens to). Test files import react-dom/client dynamically,
// after this module.
register()

/**
 * Gives a test file a browser-like global (happy-dom) and takes it away afterwards: every suite
 * runs in one process, and server suites must keep Bun's own fetch, Request and Response.
 */
export function withDom(): void {
  beforeAll(register)
  afterAll(async () => {
    if (!owned) return
    owned = false
    await GlobalRegistrator.unregister()
    // Eden decided at its first import, under happy-dom, that it runs in a browser and from then on
    // names FileList when it sends a body: later suites without a DOM need the name to exist.
    const g = globalThis as { FileList?: unknown }
    g.FileList ??= class FileList {}
  })
}

/** Removes every cookie document.cookie shows (path /). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim()
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the very jar the code under test uses
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
}
