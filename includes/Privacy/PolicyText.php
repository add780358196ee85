<?php
/**
 * Privacy\PolicyText: the suggested privacy-policy text.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Privacy;

use RecruitingReports\Data\Settings;
use RecruitingReports\Data\WebhookRepository;

defined( 'ABSPATH' ) || exit;

/**
 * Suggested privacy-policy text (Settings → Privacy → Policy Guide; SPEC §12): what the plugin stores about
 * candidates, who sees it, how long it is kept, how candidates get a copy or have it erased, and what the webhooks
 * send to other services.
 */
final class PolicyText {

	/**
	 * Adds the text on admin_init (where WordPress collects suggestions).
	 */
	public static function register(): void {
		add_action( 'admin_init', array( self::class, 'add' ) );
	}

	/**
	 * Hands the text to WordPress (admin_init).
	 */
	public static function add(): void {
		if ( function_exists( 'wp_add_privacy_policy_content' ) ) {
			wp_add_privacy_policy_content( __( 'Recruiting Reports', 'recruiting-reports' ), self::content() );
		}
	}

	/**
	 * The suggested text, as HTML (WordPress shows it with its "Suggested text:" markers).
	 *
	 * @return string
	 */
	public static function content(): string {
		$paragraphs = array(
			'<h2>' . esc_html__( 'Job applications', 'recruiting-reports' ) . '</h2>',
			'<p class="privacy-policy-tutorial">' . esc_html__( 'This site runs an applicant-tracking system. The text below describes what it stores; adapt it to how you use it (which services your webhooks call, how long you keep applications).', 'recruiting-reports' ) . '</p>',
			'<p><strong class="privacy-policy-tutorial">' . esc_html__( 'Suggested text:', 'recruiting-reports' ) . ' </strong>' . esc_html__( 'When you apply for a job with us, we store your name, e-mail address and phone number (if given), the job you applied for, when you applied and, as your application progresses, each change of its status with the time, the team member who made it and an optional note. Our recruiting team may also write notes about your application and rate it. Only team members with access to applications can see this information; the recruiting reports we publish contain counts and durations only, never names or contact details.', 'recruiting-reports' ) . '</p>',
			'<p>' . esc_html__( 'You can ask for a copy of the personal data we hold about you, or ask us to erase it, using the e-mail address you applied with. When we erase it, your applications are deleted, or anonymised: your name, e-mail address, phone number and the notes about you are removed, and only the dates and statuses remain in our statistics.', 'recruiting-reports' ) . '</p>',
			'<h3>' . esc_html__( 'Data shared with other services', 'recruiting-reports' ) . '</h3>',
			'<p>' . esc_html__( 'We may send notifications (webhooks) about applications to other services we use, such as our HR or messaging systems. When an application is made or its status changes, such a notification contains the application as our team sees it: your name, e-mail address and phone number, the job, the status and the dates, and the average rating. When a job is created, changed or deleted, it contains the job. When an application is deleted, it contains only its identifiers. Those services process the data under their own terms.', 'recruiting-reports' ) . '</p>',
		);
		$hosts      = self::webhook_hosts();
		if ( $hosts ) {
			$paragraphs[] = '<p class="privacy-policy-tutorial">' . esc_html(
				sprintf(
					/* translators: %s: comma-separated host names. */
					__( 'Webhooks on this site currently send to: %s. Name the services behind them in your policy.', 'recruiting-reports' ),
					implode( ', ', $hosts )
				)
			) . '</p>';
		}
		$paragraphs[] = '<p>' . esc_html(
			sprintf(
				/* translators: %d: number of days. */
				_n( 'We keep a log of these notifications, including their content, for %d day.', 'We keep a log of these notifications, including their content, for %d days.', (int) Settings::get( 'delivery_log_days' ), 'recruiting-reports' ),
				(int) Settings::get( 'delivery_log_days' )
			)
		) . '</p>';
		return implode( "\n", $paragraphs );
	}

	/**
	 * Hosts of the active webhooks (for the administrator's note; the suggested text itself names no service).
	 *
	 * @return string[]
	 */
	private static function webhook_hosts(): array {
		$hosts = array();
		foreach ( WebhookRepository::query( 1, 100 )['rows'] as $row ) {
			$host = wp_parse_url( (string) $row['url'], PHP_URL_HOST );
			if ( (int) $row['active'] && is_string( $host ) ) {
				$hosts[] = $host;
			}
		}
		return array_values( array_unique( $hosts ) );
	}
}
