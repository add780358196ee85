// Debian packages a script needs, installed with apt-get when their command is missing (as root; otherwise the
// error says what to install). The native legs have their own list (scripts/lib/site-native.mjs).

import { execFileSync, spawnSync } from 'node:child_process';

/**
 * @param {string} command a command the packages provide
 * @returns {boolean} whether it runs
 */
export function hasCommand( command ) {
	return (
		0 === spawnSync( command, [ '--version' ], { stdio: 'ignore' } ).status
	);
}

/**
 * Installs the packages when the command is missing.
 * @param {string}   command  a command the packages provide, such as phpcs
 * @param {string[]} packages Debian packages
 * @param {string}   label    prefix of the messages, such as [lint:php]
 */
export function ensureCommand( command, packages, label ) {
	if ( hasCommand( command ) ) return;
	if ( process.getuid?.() !== 0 ) {
		throw new Error(
			`${ command } is missing; run as root: apt-get install -y ${ packages.join( ' ' ) }`
		);
	}
	console.log(
		`${ label } installing ${ packages.join( ' ' ) } with apt-get…`
	);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	// CI's legs run side by side: wait for another leg's apt-get instead of failing on its lock.
	const wait = [ '-o', 'DPkg::Lock::Timeout=600' ];
	execFileSync( 'apt-get', [ ...wait, 'update', '-qq' ], {
		stdio: 'inherit',
		env,
	} );
	execFileSync( 'apt-get', [ ...wait, 'install', '-y', '-qq', ...packages ], {
		stdio: 'inherit',
		env,
	} );
}
