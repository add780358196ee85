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
 * Suggested privacy-policy text (Settings → Privacy → Policy Guide; docs/api.md#privacy): what the plugin stores about
 * candidates, who sees it, CVs and documents, how the e-mail address is used, what the job pages count (totals only), how long applications are kept (from
 * the retention rules in force), how candidates get a copy or have it erased, and what the webhooks send to other
 * services.
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
			'<h3>' . esc_html__( 'CVs and documents', 'recruiting-reports' ) . '</h3>',
			'<p class="privacy-policy-tutorial">' . esc_html__( 'The apply form keeps each CV under a random name in a private folder of the uploads (denied to visitors; add the documented rule on nginx), served only to team members with access to applications, and deletes it with the application. If another plugin keeps CVs or other documents, say where, and make sure they are removed with the application (add-ons hear of it through the recruiting_reports_application_removed action).', 'recruiting-reports' ) . '</p>',
			'<p>' . esc_html__( 'If you send us a CV, a cover letter or other documents, we keep them with your application, only team members with access to applications can open them, and we delete them when your application is deleted or anonymised.', 'recruiting-reports' ) . '</p>',
			'<h3>' . esc_html__( 'Your e-mail address', 'recruiting-reports' ) . '</h3>',
			'<p>' . esc_html__( 'We use the e-mail address you applied with to contact you about your applications, and to find your data when you ask for a copy of it or for its erasure. We do not use it for anything else, such as newsletters, unless you agree to that separately. E-mails you exchange with our team are kept in our e-mail system, not with your application.', 'recruiting-reports' ) . '</p>',
			'<h3>' . esc_html__( 'Visits to our job pages', 'recruiting-reports' ) . '</h3>',
			'<p>' . esc_html__( 'To learn which job adverts are read and which channels bring applicants, our job pages count, per day, job and channel (such as the website that linked to us), how often jobs were listed and viewed and how often the application form was started and sent. We keep only these totals: no identifier of you or your device, no IP address and no cookie, so the counts cannot be linked to you or to each other.', 'recruiting-reports' ) . ( Settings::get( 'careers_honour_dnt' ) ? ' ' . esc_html__( 'If your browser sends a Do Not Track or Global Privacy Control signal, your visit is not counted.', 'recruiting-reports' ) : '' ) . '</p>',
			self::mail_paragraph(),
			'<p class="privacy-policy-tutorial">' . esc_html__( 'These e-mails are sent through WordPress\'s mail function: if an SMTP plugin or a mail service delivers your site\'s e-mail, name it among the services you use.', 'recruiting-reports' ) . '</p>',
			'<h3>' . esc_html__( 'How long we keep applications', 'recruiting-reports' ) . '</h3>',
			self::retention_paragraph(),
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
	 * The apply form's e-mails: what they say about the candidate and how long the e-mail log keeps them.
	 *
	 * @return string HTML.
	 */
	private static function mail_paragraph(): string {
		$days = (int) Settings::get( 'delivery_log_days' );
		/* translators: %s: number of days. */
		$text = sprintf( _n( 'When you apply through the form on this site, we send you a confirmation by e-mail and tell our recruiting team about your application by e-mail (your name and the job). A copy of these e-mails, with your name and e-mail address, stays in our e-mail log for %s day after it is sent, and is deleted with your application.', 'When you apply through the form on this site, we send you a confirmation by e-mail and tell our recruiting team about your application by e-mail (your name and the job). A copy of these e-mails, with your name and e-mail address, stays in our e-mail log for %s days after it is sent, and is deleted with your application.', $days, 'recruiting-reports' ), number_format_i18n( $days ) );
		return '<p>' . esc_html( $text ) . '</p>';
	}

	/**
	 * How long applications are kept: the retention rules in force, or, when none is on, a note for the admin.
	 *
	 * @return string HTML.
	 */
	private static function retention_paragraph(): string {
		$sentences = array();
		foreach ( RetentionRules::all() as $name => $rule ) {
			if ( 'off' === $rule['action'] ) {
				continue;
			}
			$months      = (int) $rule['months'];
			$sentences[] = sprintf( self::retention_sentence( $name, $rule['action'] ), number_format_i18n( $months ) );
		}
		if ( ! $sentences ) {
			return '<p class="privacy-policy-tutorial">' . esc_html__( 'No retention rule is on: applications are kept until someone deletes them. Set how long you keep them in Recruiting → Settings → Privacy, and this text will say so.', 'recruiting-reports' ) . '</p>';
		}
		return '<p>' . esc_html( implode( ' ', $sentences ) . ' ' . __( 'Anonymised applications keep only dates, statuses and the job, for our statistics.', 'recruiting-reports' ) ) . '</p>';
	}

	/**
	 * One rule's sentence, with %s for its months.
	 *
	 * @param string $name   Rule (RetentionRules::RULES).
	 * @param string $action anonymise or delete.
	 * @return string
	 */
	private static function retention_sentence( string $name, string $action ): string {
		$delete = 'delete' === $action;
		switch ( $name ) {
			case 'hired':
				/* translators: %s: number of months. */
				return $delete ? __( 'Applications that led to a hire are deleted %s months after their last change.', 'recruiting-reports' ) : __( 'Applications that led to a hire are anonymised %s months after their last change.', 'recruiting-reports' );
			case 'rejected':
				/* translators: %s: number of months. */
				return $delete ? __( 'Rejected applications are deleted %s months after their last change.', 'recruiting-reports' ) : __( 'Rejected applications are anonymised %s months after their last change.', 'recruiting-reports' );
			case 'withdrawn':
				/* translators: %s: number of months. */
				return $delete ? __( 'Withdrawn applications are deleted %s months after their last change.', 'recruiting-reports' ) : __( 'Withdrawn applications are anonymised %s months after their last change.', 'recruiting-reports' );
			default:
				/* translators: %s: number of months. */
				return $delete ? __( 'Open applications nobody has worked on for %s months are deleted.', 'recruiting-reports' ) : __( 'Open applications nobody has worked on for %s months are anonymised.', 'recruiting-reports' );
		}
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
