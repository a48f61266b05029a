#include "ui/ThemeColors.h"

#include <QWidget>

namespace gpuplanner::ui {

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor errorTextColor(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x1c, 0x1c);
}

QColor invalidFieldColor(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0x80, 0x20, 0x20) : QColor(0xff, 0xd7, 0xd7);
}

QColor problemBannerWindowColor(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0x5a, 0x1e, 0x1e) : QColor(0xfd, 0xe2, 0xe2);
}

QColor problemBannerTextColor(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0xff, 0xe0, 0xe0) : QColor(0x7a, 0x10, 0x10);
}

void showAsProblem(QWidget *label, bool problem)
{
    label->setStyleSheet(problem ? QStringLiteral("QLabel { color: %1; }").arg(errorTextColor(label->palette()).name())
                                 : QString());
}

} // namespace gpuplanner::ui
