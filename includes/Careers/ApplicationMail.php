<?php
/**
 * The apply form's two e-mails, queued in the transaction that stores the application (so both exist exactly when
 * the application does) and sent by WP-Cron through Mail\Outbox: a confirmation to the candidate and a notification
 * to the job's contact e-mail, else to the addresses in Settings › E-mails, else to the site's administration
 * address — someone always hears of a new application. Applications from the API or an import send none: the
 * software that sends them talks to its candidates itself, and an import of old applications must not mail anyone.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Admin\Menu;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Settings;
use RecruitingReports\Mail\Outbox;
use RecruitingReports\Mail\Templates;

defined( 'ABSPATH' ) || exit;

/**
 * Queues the e-mails of a form application.
 */
final class ApplicationMail {

	public const CONFIRMATION = 'application_confirmation';
	public const NOTIFICATION = 'application_notification';

	/**
	 * Queues both e-mails of a new application (inside ApplicationIntake::save()'s transaction).
	 *
	 * @param int   $application_id The new application.
	 * @param array $fields         Its prepared fields (job_id, candidate_name, candidate_email).
	 * @return bool Whether both were queued (false rolls the application back).
	 */
	public static function queue( int $application_id, array $fields ): bool {
		$job                         = JobRepository::get( (int) $fields['job_id'] );
		$contact                     = (string) JobRepository::details( (int) $fields['job_id'] )['contact_email'];
		$values                      = array(
			'{candidate_name}'  => (string) $fields['candidate_name'],
			'{job_title}'       => $job ? wp_specialchars_decode( wp_strip_all_tags( $job->post_title ), ENT_QUOTES ) : '',
			'{site_name}'       => wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ),
			// The link into wp-admin is for the team only: the candidate's confirmation leaves it empty.
			'{application_url}' => '',
		);
		$confirmation                = self::message( self::CONFIRMATION, $application_id, array( (string) $fields['candidate_email'] ), 'mail_candidate', $values, $contact );
		$values['{application_url}'] = Menu::applications_url( array( 'application' => $application_id ) );
		$notification                = self::message( self::NOTIFICATION, $application_id, self::team_recipients( $contact ), 'mail_notify', $values, (string) $fields['candidate_email'] );
		return null !== Outbox::queue( $confirmation ) && null !== Outbox::queue( $notification );
	}

	/**
	 * Who is notified: the job's contact, else the default addresses, else the site's administration address.
	 *
	 * @param string $contact The job's contact e-mail ('' when it has none).
	 * @return string[]
	 */
	public static function team_recipients( string $contact ): array {
		if ( '' !== $contact ) {
			return array( $contact );
		}
		$defaults = array_values( array_filter( (array) Settings::get( 'mail_notify_to' ) ) );
		return $defaults ? $defaults : array( (string) get_option( 'admin_email' ) );
	}

	/**
	 * One rendered message for the outbox.
	 *
	 * @param string               $kind           CONFIRMATION or NOTIFICATION.
	 * @param int                  $application_id Application id.
	 * @param string[]             $recipients     Addresses.
	 * @param string               $template       Settings prefix of its subject and body.
	 * @param array<string,string> $values         Placeholder => value.
	 * @param string               $reply_to       Where a reply goes ('' : the sender).
	 */
	private static function message( string $kind, int $application_id, array $recipients, string $template, array $values, string $reply_to ): array {
		$rendered = Templates::render( Templates::get( $template . '_subject' ), Templates::get( $template . '_body' ), $values );
		return array(
			'kind'           => $kind,
			'dedupe_key'     => $kind . ':' . $application_id,
			'application_id' => $application_id,
			'recipients'     => $recipients,
			'subject'        => $rendered['subject'],
			'html'           => $rendered['html'],
			'text'           => $rendered['text'],
			'headers'        => is_email( $reply_to ) ? array( 'Reply-To: ' . $reply_to ) : array(),
		);
	}
}
