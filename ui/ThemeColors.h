#pragma once
// ThemeColors: the one place that decides whether a palette is dark, and the colours the ui
// uses for problems (error text, invalid fields, the editor's banner) in light and dark themes.

#include <QColor>
#include <QPalette>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace gpuplanner::ui {

bool isDarkPalette(const QPalette &palette);

// Red text for an inline error, readable on the palette's window colour.
QColor errorTextColor(const QPalette &palette);
// The base colour of an input whose value is invalid.
QColor invalidFieldColor(const QPalette &palette);
// A banner that reports a problem: its background and its text.
QColor problemBannerWindowColor(const QPalette &palette);
QColor problemBannerTextColor(const QPalette &palette);

// Draws a label's text in the error colour (problem = true) or the palette's own (false).
void showAsProblem(QWidget *label, bool problem);

} // namespace gpuplanner::ui
