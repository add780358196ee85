import { mailtoHref } from './mailto';

test( 'plain addresses become mailto links', () => {
	expect( mailtoHref( 'grace.hopper+jobs@example.com' ) ).toBe(
		'mailto:grace.hopper+jobs@example.com'
	);
	expect( mailtoHref( "o'neil@mail.example.co.uk" ) ).toBe(
		"mailto:o'neil@mail.example.co.uk"
	);
} );

test( 'an address that a URL would read as query, fragment or escape is no link', () => {
	for ( const address of [
		'a?cc=x&body=hi@example.com',
		'a&cc=x@example.com',
		'a#b@example.com',
		'a%3Fcc@example.com',
		'a b@example.com',
		'a"b@example.com',
		'ab@example.com?subject=hi',
		'no-at-sign',
		'@example.com',
		'a@localhost',
	] ) {
		expect( mailtoHref( address ) ).toBeNull();
	}
} );
