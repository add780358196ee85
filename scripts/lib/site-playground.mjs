// The embedded default target: WordPress Playground (PHP 8.2 in WebAssembly + SQLite)
// through @wp-playground/cli's runCLI, in this Node process (no child processes).

import fs from 'node:fs';
import path from 'node:path';
import { runCLI } from '@wp-playground/cli';
import { copyWordPress } from './wordpress-dist.mjs';
import {
	ADMIN_PASSWORD,
	ADMIN_USER,
	DEFAULT_PLUGIN_DIR,
	PLUGIN_SLUG,
	assertPortFree,
	freePort,
	parseMarked,
	phpString,
	seconds,
	setupSnippet,
	stripOpenTag,
} from './site-common.mjs';

/**
 * @param {object} [options]
 * @param {number} [options.port] defaults to a free port (Playground's own port 0 means 9400)
 * @param {number} [options.workers] PHP workers; 1 for REST suites, 2 for anything a browser drives
 * @param {string} [options.muPluginsDir] mounted at /wordpress/wp-content/mu-plugins
 * @param {string} [options.phpSetup] extra PHP statements run once after activation (e.g. seeding)
 * @param {string} [options.pluginDir] defaults to the repo root
 * @param {boolean} [options.keep] keep the site copy after stop() (also RR_KEEP_SITE=1)
 */
export async function startPlaygroundSite({
	port,
	workers = 1,
	muPluginsDir,
	phpSetup,
	pluginDir = DEFAULT_PLUGIN_DIR,
	keep = process.env.RR_KEEP_SITE === '1',
} = {}) {
	const started = Date.now();
	port ??= await freePort();
	await assertPortFree(port);

	// Playground writes into the mounted site (SQLite database, wp-config.php): use a copy.
	const siteCopy = copyWordPress('rr-playground-');
	const mounts = [{ hostPath: path.resolve(pluginDir), vfsPath: `/wordpress/wp-content/plugins/${PLUGIN_SLUG}` }];
	if (muPluginsDir) {
		mounts.push({ hostPath: path.resolve(muPluginsDir), vfsPath: '/wordpress/wp-content/mu-plugins' });
	}

	let cli;
	try {
		cli = await runCLI({
			command: 'server',
			port,
			php: '8.2',
			verbosity: 'quiet',
			workers,
			'mount-before-install': [{ hostPath: siteCopy, vfsPath: '/wordpress' }],
			mount: mounts,
			wordpressInstallMode: 'install-from-existing-files',
			// 'local' also enables application passwords over plain http.
			define: { WP_ENVIRONMENT_TYPE: 'local' },
			'define-bool': {
				WP_HTTP_BLOCK_EXTERNAL: true,
				DISABLE_WP_CRON: true,
				AUTOMATIC_UPDATER_DISABLED: true,
				// Log to wp-content/debug.log (in siteCopy on the host) like the native target.
				WP_DEBUG: true,
				WP_DEBUG_LOG: true,
				WP_DEBUG_DISPLAY: false,
			},
			// The blueprint stays empty: activation and the app password go through runPhp()
			// with the same PHP as the native target, so both targets are set up identically.
			blueprint: { steps: [] },
		});
	} catch (error) {
		if (!keep) fs.rmSync(siteCopy, { recursive: true, force: true });
		throw error;
	}

	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		await cli[Symbol.asyncDispose]();
		if (!keep) fs.rmSync(siteCopy, { recursive: true, force: true });
	};

	/**
	 * runPhp(code): PHP statements (a leading `<?php` is optional) run inside the site
	 * after wp-load.php, with the admin as current user. Resolves with stdout; rejects
	 * on a non-zero exit with stderr and the new debug.log lines.
	 */
	const debugLogPath = path.join(siteCopy, 'wp-content/debug.log');
	const runPhp = async (code) => {
		const logSizeBefore = fileSize(debugLogPath);
		let response;
		try {
			response = await cli.playground.run({
				code: `<?php
require '/wordpress/wp-load.php';
if ( $rr_admin = get_user_by( 'login', ${phpString(ADMIN_USER)} ) ) { wp_set_current_user( $rr_admin->ID ); }
unset( $rr_admin );
${stripOpenTag(code)}
`,
			});
		} catch (error) {
			// php-wasm throws on a non-zero exit; the message carries stdout/stderr.
			throw new Error(`runPhp failed: ${error.message}\ndebug.log:\n${readFrom(debugLogPath, logSizeBefore)}`);
		}
		if (response.exitCode !== 0) {
			throw new Error(
				`runPhp exited with ${response.exitCode}\nstdout:\n${response.text}\nstderr:\n${response.errors}\ndebug.log:\n${readFrom(debugLogPath, logSizeBefore)}`
			);
		}
		return response.text;
	};

	try {
		const { appPassword } = parseMarked(await runPhp(setupSnippet()));
		if (phpSetup) await runPhp(phpSetup);
		// Playground answers the very first HTTP request with a 302 to the same URL (it sets its cookies); fetch
		// would replay a POST as a GET after it. Take that redirect here, so tests start on a settled site.
		await fetch(`${cli.serverUrl}/wp-json/`, { redirect: 'follow' }).then((response) => response.arrayBuffer());
		log(`Playground site up at ${cli.serverUrl} in ${seconds(started)} s (site copy ${siteCopy})`);
		return {
			url: cli.serverUrl,
			adminUser: ADMIN_USER,
			adminPassword: ADMIN_PASSWORD,
			appPassword,
			debugLogPath,
			wordpressPath: siteCopy,
			runPhp,
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

function fileSize(file) {
	try {
		return fs.statSync(file).size;
	} catch {
		return 0;
	}
}

function readFrom(file, offset) {
	try {
		return fs.readFileSync(file).subarray(offset).toString('utf8');
	} catch {
		return '';
	}
}

function log(message) {
	process.stderr.write(`[site-playground] ${message}\n`);
}
