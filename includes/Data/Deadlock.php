<?php
/**
 * Thrown inside Transaction::run() to stop the work after InnoDB rolled the transaction back as a deadlock victim
 * (caught there; the work runs again).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * The work's transaction was rolled back by InnoDB as a deadlock victim.
 */
final class Deadlock extends \RuntimeException {
}
