/**
 * The apply form with JavaScript: each field is checked when the candidate leaves it (by the server's rules, with
 * the server's messages, which the form's section carries in `data-rr-rules`: Careers\ApplyForm), and the form is
 * sent with fetch to the same address as without JavaScript (Careers\ApplySubmission answers JSON to
 * `Accept: application/json`), so the honeypot, the time token, the rate limit and CAPTCHA filters apply alike.
 * The answer replaces the form with the thank-you state, or shows the server's errors the way the page would
 * (a summary with role="alert", focused; each field's message tied by aria-describedby); the input stays.
 * Anything unexpected (no JSON, the network) falls back to the plain POST.
 */

type Rules = {
	messages: Record< string, string >;
	summary: string;
	maxBytes: number;
};

type Control = HTMLInputElement | HTMLTextAreaElement;

/** The fields the candidate fills, in the order of the page (the others are hidden or the honeypot). */
const FIELDS = [
	'rr_name',
	'rr_email',
	'rr_phone',
	'rr_cv',
	'rr_cover_letter',
	'rr_consent',
];

const LOCAL_CHARS = /[^a-zA-Z0-9!#$%&'*+\/=?^_`{|}~.-]/g;

/**
 * PHP's trim() of the given characters.
 * @param value
 * @param chars
 */
const trimChars = ( value: string, chars: string ) => {
	let start = 0;
	let end = value.length;
	while ( start < end && chars.includes( value[ start ] ) ) {
		start++;
	}
	while ( end > start && chars.includes( value[ end - 1 ] ) ) {
		end--;
	}
	return value.slice( start, end );
};

/**
 * Whether the server takes an address: WordPress's sanitize_email() (which the intake applies first) leaves one
 * that is_email() accepts. Ported from wp-includes/formatting.php.
 *
 * @param value The address as typed.
 */
export function acceptsEmail( value: string ): boolean {
	const at = value.indexOf( '@', 1 );
	if ( value.length < 6 || at < 0 ) {
		return false;
	}
	const local = value.slice( 0, at ).replace( LOCAL_CHARS, '' );
	const domain = trimChars(
		value.slice( at + 1 ).replace( /\.{2,}/g, '' ),
		' \t\n\r\0\x0B.'
	);
	const parts = domain
		.split( '.' )
		.map( ( part ) =>
			trimChars( part, ' \t\n\r\0\x0B-' ).replace( /[^a-z0-9-]+/gi, '' )
		)
		.filter( Boolean );
	if (
		local === '' ||
		domain === '' ||
		domain.split( '.' ).length < 2 ||
		parts.length < 2
	) {
		return false;
	}
	// is_email() of the cleaned address: only its length and hyphens at a part's ends are left to check.
	return (
		`${ local }@${ parts.join( '.' ) }`.length >= 6 &&
		parts.every( ( part ) => ! /^-|-$/.test( part ) )
	);
}

/**
 * What is wrong with a field by the server's rules (ApplySubmission::field_errors(), the intake's address check,
 * the CV's size and, from its name, its type; its content is checked by the server), or null.
 *
 * @param control The field.
 * @param rules   The messages and the size limit.
 */
export function fieldError( control: Control, rules: Rules ): string | null {
	const { messages } = rules;
	if ( control instanceof HTMLInputElement && control.type === 'checkbox' ) {
		return control.checked ? null : messages.rr_consent;
	}
	if ( control instanceof HTMLInputElement && control.type === 'file' ) {
		const file = control.files?.[ 0 ];
		if ( ! file || file.size === 0 ) {
			return messages.rr_cv;
		}
		if ( file.size > rules.maxBytes ) {
			return messages.cv_too_large;
		}
		const extension = file.name.split( '.' ).pop()?.toLowerCase() ?? '';
		const accepted = control.accept
			.split( ',' )
			.filter( ( entry ) => entry.startsWith( '.' ) );
		return accepted.includes( `.${ extension }` ) ? null : messages.cv_type;
	}
	const value = control.value.trim();
	if ( control.required && value === '' ) {
		return messages[ control.name ] ?? null;
	}
	if ( control.name === 'rr_email' && ! acceptsEmail( value ) ) {
		return messages.rr_email;
	}
	const max = control.maxLength;
	if ( max > 0 && [ ...control.value ].length > max ) {
		return messages.too_long.replace( '%d', String( max ) );
	}
	return null;
}

/**
 * The candidate's fields of a form, in the page's order.
 * @param form
 */
function controls( form: HTMLFormElement ): Control[] {
	return FIELDS.map( ( name ) => form.elements.namedItem( name ) ).filter(
		( control ): control is Control =>
			control instanceof HTMLInputElement ||
			control instanceof HTMLTextAreaElement
	);
}

/**
 * Adds or removes an id in an aria-describedby list.
 * @param control
 * @param id
 * @param add
 */
function describedBy( control: Control, id: string, add: boolean ) {
	const ids = ( control.getAttribute( 'aria-describedby' ) ?? '' )
		.split( ' ' )
		.filter( ( entry ) => entry && entry !== id );
	if ( add ) {
		ids.push( id );
	}
	if ( ids.length ) {
		control.setAttribute( 'aria-describedby', ids.join( ' ' ) );
	} else {
		control.removeAttribute( 'aria-describedby' );
	}
}

/**
 * Shows a field's message before it (as the server's markup does), or removes it.
 * @param control
 * @param message
 */
function markField( control: Control, message: string | null ) {
	const id = `${ control.id }-error`;
	document.getElementById( id )?.remove();
	describedBy( control, id, message !== null );
	if ( message === null ) {
		control.removeAttribute( 'aria-invalid' );
		return;
	}
	const error = document.createElement( 'span' );
	error.className = 'rr-apply__error';
	error.id = id;
	error.textContent = message;
	control.before( error );
	control.setAttribute( 'aria-invalid', 'true' );
}

/**
 * Replaces the error summary (the server's markup: a heading, then each message as a link to its field) and
 * focuses it; removes it when there is nothing to say.
 *
 * @param section The form's section.
 * @param errors  Field name (or `form`) => message, in the page's order.
 * @param rules   The heading.
 */
function showSummary(
	section: HTMLElement,
	errors: Array< [ string, string ] >,
	rules: Rules
) {
	section.querySelector( '.rr-apply__errors' )?.remove();
	if ( ! errors.length ) {
		return;
	}
	const summary = document.createElement( 'div' );
	summary.className = 'rr-apply__errors';
	summary.id = `${ section.id }-errors`;
	summary.setAttribute( 'role', 'alert' );
	summary.tabIndex = -1;
	const heading = document.createElement( 'h3' );
	heading.textContent = rules.summary;
	const list = document.createElement( 'ul' );
	for ( const [ field, message ] of errors ) {
		const item = document.createElement( 'li' );
		if ( field === 'form' ) {
			item.textContent = message;
		} else {
			const link = document.createElement( 'a' );
			link.href = `#${ section.id }-${ field }`;
			link.textContent = message;
			item.append( link );
		}
		list.append( item );
	}
	summary.append( heading, list );
	section.querySelector( 'form' )?.prepend( summary );
	summary.focus();
}

/**
 * Marks every field by the errors given (the server's, or the inline checks') and shows their summary.
 *
 * @param form   The form.
 * @param errors Field name (or `form`) => message.
 * @param rules  The summary's heading.
 */
function showErrors(
	form: HTMLFormElement,
	errors: Record< string, string >,
	rules: Rules
) {
	const ordered: Array< [ string, string ] > = errors.form
		? [ [ 'form', errors.form ] ]
		: [];
	const shown = new Set( [ 'form' ] );
	for ( const control of controls( form ) ) {
		const message = errors[ control.name ] ?? null;
		markField( control, message );
		if ( message !== null ) {
			ordered.push( [ control.name, message ] );
			shown.add( control.name );
		}
	}
	// A hidden field's (the source's) problem has no field to show it at: the summary says it, without a link.
	for ( const [ field, message ] of Object.entries( errors ) ) {
		if ( ! shown.has( field ) ) {
			ordered.push( [ 'form', message ] );
		}
	}
	showSummary( form.closest< HTMLElement >( '.rr-apply' )!, ordered, rules );
}

/**
 * Sends the form with fetch; the thank-you state replaces the section, refusals show their errors.
 *
 * @param form    The form.
 * @param section Its section.
 * @param rules   Messages.
 */
async function send(
	form: HTMLFormElement,
	section: HTMLElement,
	rules: Rules
) {
	const button = form.querySelector< HTMLButtonElement >( '[type="submit"]' );
	let answer: { thanks?: string; errors?: Record< string, string > };
	section.setAttribute( 'aria-busy', 'true' );
	if ( button ) {
		button.disabled = true;
	}
	try {
		const response = await fetch( form.action, {
			method: 'POST',
			body: new FormData( form ),
			headers: { Accept: 'application/json' },
			credentials: 'same-origin',
		} );
		answer = ( await response.json() ) ?? {};
	} catch {
		// Not an answer of the plugin (a proxy's page, the network): the plain POST says what happened.
		HTMLFormElement.prototype.submit.call( form );
		return;
	} finally {
		section.removeAttribute( 'aria-busy' );
		if ( button ) {
			button.disabled = false;
		}
	}
	if (
		typeof answer.thanks !== 'string' &&
		typeof answer.errors !== 'object'
	) {
		HTMLFormElement.prototype.submit.call( form ); // JSON, but not the plugin's answer.
		return;
	}
	if ( typeof answer.thanks === 'string' ) {
		section.outerHTML = answer.thanks;
		const thanks = document.getElementById( section.id );
		if ( thanks ) {
			// Where the form was: keyboard and screen-reader users continue from the confirmation.
			thanks.tabIndex = -1;
			thanks.focus();
		}
		return;
	}
	showErrors( form, answer.errors ?? {}, rules );
}

/**
 * Checks and sends one apply form with JavaScript.
 *
 * @param form The form (inside its section, which carries the rules).
 */
export function enhance( form: HTMLFormElement ) {
	const section = form.closest< HTMLElement >( '.rr-apply' );
	if ( ! section?.dataset.rrRules ) {
		return;
	}
	const rules = JSON.parse( section.dataset.rrRules ) as Rules;
	const edited = new Set< string >();
	const check = ( control: Control ) =>
		markField( control, fieldError( control, rules ) );
	const isField = ( target: EventTarget | null ): target is Control =>
		( target instanceof HTMLInputElement ||
			target instanceof HTMLTextAreaElement ) &&
		FIELDS.includes( target.name );

	form.addEventListener( 'input', ( event ) => {
		if ( ! isField( event.target ) ) {
			return;
		}
		edited.add( event.target.name );
		// A field already marked is checked as the candidate corrects it.
		if ( event.target.getAttribute( 'aria-invalid' ) === 'true' ) {
			check( event.target );
		}
	} );
	// Checked when left after a change (tabbing through empty fields says nothing yet); a file or the consent at once.
	form.addEventListener( 'focusout', ( event ) => {
		if ( isField( event.target ) && edited.has( event.target.name ) ) {
			check( event.target );
		}
	} );
	form.addEventListener( 'change', ( event ) => {
		if (
			event.target instanceof HTMLInputElement &&
			( event.target.type === 'file' || event.target.type === 'checkbox' )
		) {
			check( event.target );
		}
	} );
	form.addEventListener( 'submit', ( event ) => {
		event.preventDefault();
		if ( section.getAttribute( 'aria-busy' ) === 'true' ) {
			return; // A double click: the first one is on its way.
		}
		const errors: Record< string, string > = {};
		for ( const control of controls( form ) ) {
			const message = fieldError( control, rules );
			if ( message !== null ) {
				errors[ control.name ] = message;
			}
		}
		if ( Object.keys( errors ).length ) {
			showErrors( form, errors, rules );
			return;
		}
		void send( form, section, rules );
	} );
}
