/**
 * The `mailto:` link of a stored candidate address, or null when the address is not a plain one (issue #23):
 * `a?cc=x&body=hi@example.com` passes WordPress's is_email() but as a link would pre-fill a copy recipient and a
 * body. Only an address of plain characters — no `?`, `&`, `#`, `%`, spaces or quotes that a URL would read as
 * query, fragment or escape — becomes a link; any other is shown as text only.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

export function mailtoHref( address: string ): string | null {
	return PLAIN_ADDRESS.test( address ) ? `mailto:${ address }` : null;
}
