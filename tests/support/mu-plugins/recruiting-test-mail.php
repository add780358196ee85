<?php
/**
 * Test support for e-mail (integration sites only): when the option recruiting_test_smtp_port is set, wp_mail()
 * sends through SMTP to 127.0.0.1 on that port — the test's own server (tests/support/smtp-sink.py) — as an SMTP
 * plugin would make it; the sender is an address of a real-looking domain (the test sites' host is an IP address,
 * which PHPMailer refuses in WordPress's default wordpress@<host>).
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

add_action(
	'phpmailer_init',
	static function ( $phpmailer ) {
		$port = (int) get_option( 'recruiting_test_smtp_port', 0 );
		if ( $port > 0 ) {
			$phpmailer->isSMTP();
			$phpmailer->Host        = '127.0.0.1';
			$phpmailer->Port        = $port;
			$phpmailer->SMTPAuth    = false;
			$phpmailer->SMTPAutoTLS = false;
			$phpmailer->Timeout     = 5;
		}
	}
);

add_filter(
	'wp_mail_from',
	static fn( $from ) => get_option( 'recruiting_test_smtp_port' ) ? 'jobs@example.com' : $from
);

// Option recruiting_test_mail_filter exercises the recruiting_reports_mail filter: 'drop-confirmation' sends no
// candidate confirmation; 'copy-team' adds an address to the team's notification and marks its subject.
add_filter(
	'recruiting_reports_mail',
	static function ( $message ) {
		$mode = get_option( 'recruiting_test_mail_filter', '' );
		if ( 'drop-confirmation' === $mode && 'application_confirmation' === $message['kind'] ) {
			return false;
		}
		if ( 'copy-team' === $mode && 'application_notification' === $message['kind'] ) {
			$message['recipients'][] = 'archive@example.com';
			$message['subject']     .= ' [filtered]';
		}
		return $message;
	}
);
