<?php
/**
 * Copied into the private CV folders (Careers\CvStore): an empty listing where directory indexes are on.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;
