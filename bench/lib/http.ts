/** The benches' one HTTP call: a POST to the real server, its `data` or a thrown refusal. */

/** POST with an optional bearer token; answers `data`, throws on a refusal. */
export async function postData<T>(
  base: string,
  path: string,
  token: string | null,
  body: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { success: boolean; data: T; error?: unknown }
  if (!json.success) throw new Error(`${path}: ${JSON.stringify(json.error)}`)
  return json.data
}
