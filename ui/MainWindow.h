#pragma once
// MainWindow: wires the panels together; owns no domain logic.

#include "core/catalog/CatalogRepository.h"

#include <QMainWindow>

class QLabel;
class QProgressBar;

namespace gpuplanner::ui {

class CatalogLoader;
class OffersPanel;
struct CatalogSnapshot;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(core::CatalogRepositoryFactory repositories, QWidget *parent = nullptr);

    OffersPanel *offersPanel() const { return m_offers; }
    CatalogLoader *loader() const { return m_loader; }
    void reloadCatalog();

Q_SIGNALS:
    void catalogLoaded(bool ok);

private:
    void createMenus();
    void showSnapshot(const CatalogSnapshot &snapshot);

    OffersPanel *m_offers;
    CatalogLoader *m_loader;
    QLabel *m_freshness;
    QProgressBar *m_busy;
};

// "Prices as of 2024-08 (azure) to 2026-07 (aws, gcp, …)" for the status bar.
QString freshnessText(const core::CatalogInfo &info);

} // namespace gpuplanner::ui
