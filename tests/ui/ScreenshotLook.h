#pragma once
// ScreenshotLook: the looks screenshot tests take pictures in: the light and dark palettes
// (Fusion style) and Simplified Chinese with the app's real translations and a CJK font.

#include "ui/settings/Language.h"

#include <QApplication>
#include <QFont>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace gpuplanner::tests {

enum class Look { Light, Dark, Chinese };

inline QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6), grey(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, grey);
    return p;
}

inline QString lookSuffix(Look look)
{
    switch (look) {
    case Look::Light: return QStringLiteral("light");
    case Look::Dark: return QStringLiteral("dark");
    case Look::Chinese: return QStringLiteral("zh_CN");
    }
    return {};
}

// Applies a look for the scope's lifetime; Chinese installs the app's translations, the
// Chinese locale and the CJK font exactly as the app does for a Chinese system.
class LookScope
{
public:
    explicit LookScope(Look look) : m_palette(QApplication::palette()), m_font(QApplication::font())
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(look == Look::Dark ? darkPalette() : QApplication::style()->standardPalette());
        if (look == Look::Chinese)
            m_language = ui::installTranslations(*qApp, QStringLiteral("zh_CN"));
    }
    ~LookScope()
    {
        ui::removeTranslations(*qApp);
        QApplication::setPalette(m_palette);
        QApplication::setFont(m_font);
        QLocale::setDefault(m_locale);
    }
    LookScope(const LookScope &) = delete;
    LookScope &operator=(const LookScope &) = delete;

    const QString &language() const { return m_language; }

private:
    QPalette m_palette;
    QFont m_font;
    QLocale m_locale;
    QString m_language;
};

} // namespace gpuplanner::tests
