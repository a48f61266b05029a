#include "ui/settings/Language.h"

#include <QApplication>
#include <QFont>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace gpuplanner::ui {

namespace {

const char *const kTranslatorTag = "gpuplanner-translator";

} // namespace

void removeTranslations(QCoreApplication &app)
{
    const QList<QTranslator *> translators = app.findChildren<QTranslator *>();
    for (QTranslator *t : translators) {
        if (t->property(kTranslatorTag).toBool()) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
}

QString installTranslations(QCoreApplication &app, const QString &override)
{
    removeTranslations(app);
    const QLocale locale = override.isEmpty() ? QLocale::system() : QLocale(override);
    auto *ours = new QTranslator(&app);
    ours->setProperty(kTranslatorTag, true);
    // Looks for gpu_planner_zh_CN.qm, gpu_planner_zh.qm, … following the locale's UI languages.
    if (!ours->load(locale, QStringLiteral("gpu_planner"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete ours;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(ours);
    auto *qt = new QTranslator(&app);
    qt->setProperty(kTranslatorTag, true);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    // QtKeychain's own messages (a locked or missing keychain) in the same language; Debian's
    // libqt6keychain1 installs its translations here.
    auto *keychain = new QTranslator(&app);
    keychain->setProperty(kTranslatorTag, true);
    if (keychain->load(locale, QStringLiteral("qtkeychain"), QStringLiteral("_"),
                       QStringLiteral("/usr/share/qt6keychain/translations")))
        QCoreApplication::installTranslator(keychain);
    else
        delete keychain;
    QLocale::setDefault(locale);

    const QString language = ours->language().isEmpty() ? locale.name() : ours->language();
    if (language.startsWith(QLatin1String("zh")) && qobject_cast<QApplication *>(&app)) {
        // Fontconfig usually falls back to a CJK face on its own; naming Noto Sans CJK SC keeps
        // simplified-Chinese glyph forms (not Japanese ones) when several CJK fonts are installed.
        const QStringList families = QFontDatabase::families();
        if (families.contains(QStringLiteral("Noto Sans CJK SC"))) {
            QFont font = QApplication::font();
            font.setFamilies({font.family(), QStringLiteral("Noto Sans CJK SC")});
            QApplication::setFont(font);
        }
    }
    return language;
}

} // namespace gpuplanner::ui
