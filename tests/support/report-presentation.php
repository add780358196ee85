<?php
/**
 * Prints the reports' presentation (ReportRegistry::presentation(), what Admin\Assets serves the screens as
 * window.recruitingReports.reports) as JSON, in English, with the PHP unit tests' WordPress stand-ins: the Jest
 * suites draw the same definitions the plugin serves (src/test-setup.ts).
 *
 * @package RecruitingReports
 */

require dirname( __DIR__ ) . '/php/bootstrap.php';

echo json_encode( RecruitingReports\Reports\ReportRegistry::presentation(), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR );
