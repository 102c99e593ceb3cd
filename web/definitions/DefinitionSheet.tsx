import { useSignals } from '@preact/signals-react/runtime'
import { Sheet } from '../game/views/Sheet.tsx'
import { useIsland } from '../shell/context.ts'
import type { DefinitionsStore } from './store.ts'

/** What the word tapped means: its senses, most common first, and where they come from. */
export function DefinitionSheet({ definitions }: { definitions: DefinitionsStore }) {
  useSignals()
  const { t } = useIsland()
  const open = definitions.open.value
  if (!open) return null
  const entry = definitions.entry.value
  let body: React.ReactNode
  if (entry.status === 'loading') body = <p className="muted">{t('app.loading')}</p>
  else if (entry.status === 'failed')
    body = (
      <p className="muted" data-testid="definition-failed">
        {t('insight.definitions.failed')}
      </p>
    )
  else if (entry.data.definitions.length === 0)
    body = (
      <p className="muted" data-testid="definition-none">
        {entry.data.source === null ? t('insight.definitions.noSource') : t('insight.definitions.none')}
      </p>
    )
  else
    body = (
      <>
        {entry.data.lemma && entry.data.lemma !== entry.data.word && (
          <p className="muted small">
            {t('insight.definitions.lemma', { lemma: entry.data.lemma.toUpperCase() })}
          </p>
        )}
        <ol className="definitions" data-testid="definitions">
          {entry.data.definitions.map((d) => (
            <li key={`${d.pos}:${d.text}`}>
              <em className="definitions__pos">{t(`insight.definitions.pos.${d.pos}`)}</em> {d.text}
            </li>
          ))}
        </ol>
        {entry.data.source && (
          <p className="muted small">{t('insight.definitions.source', { source: entry.data.source })}</p>
        )}
      </>
    )
  return (
    <Sheet title={open.word.toUpperCase()} onClose={() => definitions.close()} testId="definition-sheet">
      {body}
    </Sheet>
  )
}
