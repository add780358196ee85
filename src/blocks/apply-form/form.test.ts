/**
 * The view script's address check against the server's: each address with what WordPress 6.7's sanitize_email()
 * then is_email() answer (printed by PHP from wp-includes/formatting.php), so the form refuses inline exactly what
 * the server would.
 */
import { acceptsEmail } from './form';

const SERVER: Array< [ string, boolean ] > = [
	[ 'ada@example.com', true ],
	[ 'ada@example', false ],
	[ 'nope', false ],
	[ 'a b@example.com', true ],
	[ 'ada@ex..ample.com', true ],
	[ 'ada@-example.com', true ],
	[ 'ada@exa_mple.com', true ],
	[ '@example.com', false ],
	[ 'a@b.co', true ],
	[ 'ad@b.c', true ],
	[ 'ada@.example.com.', true ],
	[ 'ada@example.c-', true ],
	[ 'x@ex!.com', true ],
	[ 'ada lovelace@example .com', true ],
	[ 'é@example.com', false ],
];

test.each( SERVER )( '%s: %s, as the server', ( email, accepted ) => {
	expect( acceptsEmail( email ) ).toBe( accepted );
} );
