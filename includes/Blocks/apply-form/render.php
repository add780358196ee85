<?php
/**
 * Server render of the apply form block (block.json "render").
 *
 * @package RecruitingReports
 *
 * @var array $attributes Block attributes.
 */

defined( 'ABSPATH' ) || exit;

// Escaped late, on output, although ApplyForm escapes every part.
echo wp_kses( \RecruitingReports\Blocks\ApplyFormBlock::render( $attributes ?? array() ), \RecruitingReports\Careers\ApplyForm::allowed_html() );
