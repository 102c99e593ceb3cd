// react-dom/client decides once, when it is first evaluated, whether it runs in a browser (and so
// which events it listens to: without a DOM it never hears an input's 'input' event). A worker that
// keeps its modules (--no-isolate) evaluates it once, for whichever file imports it first, and that
// file may run after another file took its DOM away (test/web/dom.ts). So it is evaluated here,
// before any test file, under a DOM that is taken away again at once.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost:3000/' })
try {
  await import('react-dom/client')
} finally {
  await GlobalRegistrator.unregister()
}
