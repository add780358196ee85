<?php
/**
 * An application's form row (cover letter, address, consent) and CV file go when its personal data goes: on
 * `recruiting_reports_application_removed` (Data\ApplicationEraser: DELETE /applications/{id}, the privacy eraser,
 * the retention rules; deleted or anonymised), once that change is committed — a rolled-back one keeps them.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\ApplicationForms;
use RecruitingReports\Data\Transaction;

defined( 'ABSPATH' ) || exit;

/**
 * Deletes CV files with their applications' personal data.
 */
final class CvLifecycle {

	/** Hooks the deletion in. */
	public static function register(): void {
		add_action( 'recruiting_reports_application_removed', array( self::class, 'remove' ), 10, 1 );
	}

	/**
	 * Removes the form row and the CV of an application whose personal data was removed, after the commit.
	 *
	 * @param int $application_id Application id.
	 */
	public static function remove( $application_id ): void {
		$id = (int) $application_id;
		Transaction::after_commit(
			static function () use ( $id ) {
				$form = ApplicationForms::find( $id );
				if ( $form ) {
					CvStore::delete( (string) $form['cv_file'] );
					ApplicationForms::delete( $id );
				}
			}
		);
	}
}
