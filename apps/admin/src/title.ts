export function consoleTitle(shop: string): string {
  return `${shop} admin console`;
}
