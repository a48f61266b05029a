#include "ui/catalog/CatalogRecovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

class CatalogRecoveryText
{
    Q_DECLARE_TR_FUNCTIONS(CatalogRecoveryText)
};

namespace gpuplanner::ui {

RecoveryResult offerCatalogRecovery(QWidget *parent, const QString &error, const CatalogRecovery &recovery)
{
    const QString file = QDir::toNativeSeparators(recovery.path);
    QMessageBox box(QMessageBox::Critical, CatalogRecoveryText::tr("Cannot read the catalog"),
                    CatalogRecoveryText::tr("GPU Planner cannot read its catalog file:\n%1").arg(error), QMessageBox::NoButton,
                    parent);
    box.setObjectName(QStringLiteral("catalogRecoveryBox"));
    box.setInformativeText(CatalogRecoveryText::tr("Restoring puts the built-in prices in its place and keeps the file "
                                                   "as it is next to it (%1.damaged-…); nothing is deleted.")
                               .arg(file));
    QPushButton *restore = box.addButton(CatalogRecoveryText::tr("&Restore the built-in catalog"), QMessageBox::AcceptRole);
    QPushButton *other = box.addButton(CatalogRecoveryText::tr("&Choose another file\u2026"), QMessageBox::ActionRole);
    box.addButton(QMessageBox::Close);
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == restore && recovery.restoreBuiltIn) {
        const auto moved = recovery.restoreBuiltIn();
        if (!moved) {
            QMessageBox::warning(parent, CatalogRecoveryText::tr("Cannot restore the catalog"), moved.errorMessage());
            return {};
        }
        QMessageBox::information(parent, CatalogRecoveryText::tr("Built-in catalog restored"),
                                 CatalogRecoveryText::tr("The built-in prices are in %1 again. The file that could not "
                                                         "be read is kept as %2.")
                                     .arg(file, QDir::toNativeSeparators(moved.value())));
        return {RecoveryChoice::Restored, QString()};
    }
    if (box.clickedButton() == other) {
        const QString path = QFileDialog::getOpenFileName(parent, CatalogRecoveryText::tr("Choose a catalog file"),
                                                          QFileInfo(recovery.path).absolutePath(),
                                                          CatalogRecoveryText::tr("GPU Planner catalogs (*.sqlite);;All files (*)"));
        if (!path.isEmpty())
            return {RecoveryChoice::OpenOther, path};
    }
    return {};
}

} // namespace gpuplanner::ui
