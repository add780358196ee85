/**
 * The careers funnel's beacon script (build/careers-beacon.js; Careers\FunnelCounting enqueues it on job pages and
 * with the job list and apply form blocks). It imports nothing and runs after the apply form's view script, which
 * records the landing page's utm_source and referrer in sessionStorage. Each page load reports, with
 * navigator.sendBeacon, what it shows: the jobs of a job list (list_view), a job's page (job_view, from the body
 * classes WordPress prints), and an apply form's first interaction (form_start, once per form and page load). The
 * page's HTML carries nothing per visitor, so a full-page cache serving it twice counts twice.
 */
declare global {
	interface Window {
		recruitingReportsBeacon?: { url: string };
	}
}

const LANDING_KEY = 'recruiting-reports-landing';

/** The landing page's source fields, as the apply form's view script recorded them (or this page's own). */
function landing(): { source: string; referrer: string } {
	try {
		const stored = JSON.parse(
			window.sessionStorage.getItem( LANDING_KEY ) ?? 'null'
		) as Record< string, string > | null;
		if ( stored ) {
			return {
				source: stored.rr_utm_source ?? '',
				referrer: stored.rr_referrer ?? '',
			};
		}
	} catch {
		// Storage blocked: this page's own query string and referrer.
	}
	const referrer =
		document.referrer &&
		new URL( document.referrer ).host !== window.location.host
			? document.referrer
			: '';
	return {
		source: (
			new URLSearchParams( window.location.search ).get( 'utm_source' ) ??
			''
		).slice( 0, 100 ),
		referrer,
	};
}

function send( url: string, metric: string, job: string ) {
	const body = new URLSearchParams( { metric, job, ...landing() } );
	if ( ! navigator.sendBeacon?.( url, body ) ) {
		// No sendBeacon, or its queue is full: a keepalive request outlives the page as well.
		fetch( url, { method: 'POST', body, keepalive: true } ).catch(
			() => undefined
		);
	}
}

function start( url: string ) {
	for ( const list of document.querySelectorAll< HTMLElement >(
		'[data-rr-jobs]'
	) ) {
		if ( list.dataset.rrJobs ) {
			send( url, 'list_view', list.dataset.rrJobs );
		}
	}
	const classes = document.body.classList;
	if ( classes.contains( 'single-recruiting_job' ) ) {
		const id = [ ...classes ]
			.find( ( name ) => /^postid-\d+$/.test( name ) )
			?.slice( 7 );
		if ( id ) {
			send( url, 'job_view', id );
		}
	}
	for ( const form of document.querySelectorAll< HTMLFormElement >(
		'.rr-apply__form'
	) ) {
		const job = form.elements.namedItem( 'rr_apply' );
		if ( ! ( job instanceof HTMLInputElement ) || ! job.value ) {
			continue;
		}
		const started = () => {
			form.removeEventListener( 'focusin', started );
			form.removeEventListener( 'input', started );
			send( url, 'form_start', job.value );
		};
		form.addEventListener( 'focusin', started );
		form.addEventListener( 'input', started );
	}
}

if ( window.recruitingReportsBeacon?.url ) {
	start( window.recruitingReportsBeacon.url );
}

export {};
