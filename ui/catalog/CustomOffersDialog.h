#pragma once
// CustomOffersDialog: edit the user's own offers (negotiated or on-premise prices) and import
// them from the documented custom-offers CSV. Validation runs the core CSV parser and names the
// row and field at fault; what was typed is kept. Saving writes through core::OfferStore on a
// worker thread, one transaction per provider.

#include "core/catalog/CustomOfferStore.h"
#include "core/catalog/Offer.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;
class QUndoStack;

namespace gpuplanner::ui {

class CompletingDelegate;

class CustomOffersModel;

class CustomOffersDialog : public QDialog
{
    Q_OBJECT

public:
    // catalogProviders: provider ids whose prices come from the catalog (custom offers may not
    // use them).
    CustomOffersDialog(core::CustomOfferStoreFactory stores, QStringList catalogProviders, QWidget *parent = nullptr);

    // Loads the catalog's current custom offers (not undoable).
    void setOffers(const QList<core::Offer> &offers);
    // The catalog's GPU model ids: the GPU column completes from them while typing.
    void setGpuIds(const QStringList &ids);
    // Reads, checks and appends a custom-offers CSV (asynchronously; importFinished reports).
    void importCsv(const QString &path);
    void save();

    CustomOffersModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QUndoStack *undoStack() const { return m_undo; }
    QLabel *messageLabel() const { return m_message; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *saveButton() const { return m_save; }

Q_SIGNALS:
    void importFinished(bool ok, const QString &message);
    void saveFinished(bool ok, const QString &message);
    // Offers were written: the catalog should be reloaded.
    void offersSaved();

private:
    void showMessage(const QString &text, bool error);
    void setBusy(bool busy);
    void chooseCsv();

    core::CustomOfferStoreFactory m_stores;
    QStringList m_catalogProviders;
    QStringList m_savedProviders; // custom providers the catalog already holds
    QUndoStack *m_undo;
    CustomOffersModel *m_model;
    QTableView *m_view;
    CompletingDelegate *m_gpuDelegate;
    QLabel *m_message;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_import;
    QPushButton *m_save;
};

} // namespace gpuplanner::ui
