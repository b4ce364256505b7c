/**
 * THE order number people see, everywhere (storefront, console, e-mails, CSV export, audit log): the last 8 hex
 * digits of the order's id, upper case ("7DF4FF87"); shown with a leading "#" in running text. It is derived, not
 * stored, so every order has one from the moment it exists (no backfill), and the console's order search finds an
 * order by it (OrdersRepository: an id that ends with the digits typed, any case, with or without "#").
 */
export function orderNumberOf(id: { toString(): string } | string): string {
  return String(id).slice(-8).toUpperCase();
}
