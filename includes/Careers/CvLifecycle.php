<?php
/**
 * An application's form row and CV file go when the application goes: on its `application.deleted` event
 * (DELETE /applications/{id} and the privacy eraser both delete through Data\ApplicationEraser, which emits it),
 * once the deletion is committed — a rolled-back deletion keeps the file.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\ApplicationForms;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Events;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes CV files with their applications.
 */
final class CvLifecycle {

	/** Hooks the deletion in. */
	public static function register(): void {
		add_action( Events::EVENT_ACTION, array( self::class, 'on_event' ), 10, 2 );
	}

	/**
	 * Removes the form row and the CV of a deleted application after the deletion commits.
	 *
	 * @param string $event   Event name.
	 * @param array  $payload Its payload.
	 */
	public static function on_event( $event, $payload ): void {
		if ( Events::APPLICATION_DELETED !== $event || empty( $payload['application_id'] ) ) {
			return;
		}
		$id     = (int) $payload['application_id'];
		$remove = static function () use ( $id ) {
			$form = ApplicationForms::find( $id );
			if ( $form ) {
				CvStore::delete( (string) $form['cv_file'] );
				ApplicationForms::delete( $id );
			}
		};
		Transaction::after_commit( $remove );
	}
}
