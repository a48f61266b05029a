#pragma once
// Language: installs the application's and Qt's translations for the system language or the
// user's override, and a font that covers the script (Noto CJK for Chinese).

#include <QString>

class QCoreApplication;

namespace gpuplanner::ui {

// override: "" follows the system (QLocale::system()), else "en" or "zh_CN". Returns the
// language installed ("en" when no translation matched). Translators are children of app.
QString installTranslations(QCoreApplication &app, const QString &override);
// Removes translators installed by installTranslations (tests switch languages).
void removeTranslations(QCoreApplication &app);

} // namespace gpuplanner::ui
