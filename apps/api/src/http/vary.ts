/** A Vary header value with `names` added to what it already lists (once each, whatever their case). */
export function varyWith(current: unknown, ...names: string[]): string {
  const listed =
    typeof current === 'string'
      ? current
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
  if (listed.includes('*')) return '*';
  const seen = new Set(listed.map((name) => name.toLowerCase()));
  for (const name of names) {
    if (!seen.has(name.toLowerCase())) {
      listed.push(name);
      seen.add(name.toLowerCase());
    }
  }
  return listed.join(', ');
}

/**
 * varyWith for fixed `names`, remembering its answers: a route sends the same few Vary values on every request
 * (none yet, or CORS's Origin), so each is worked out once.
 */
export function varyAdding(...names: string[]): (current: unknown) => string {
  const known = new Map<string, string>();
  return (current) => {
    const given = typeof current === 'string' ? current : '';
    let value = known.get(given);
    if (value === undefined) {
      value = varyWith(given, ...names);
      // Header values a client cannot choose, but keep the memory bounded all the same.
      if (known.size >= 256) known.clear();
      known.set(given, value);
    }
    return value;
  };
}
