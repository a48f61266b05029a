#pragma once
// PortfolioSinceBanner: "since this portfolio was priced" above a portfolio's results, when its
// file recorded what its plan was priced on (core::PortfolioRecord) and the catalog moved: the
// lines that moved, each with its source and date, and the two choices the scenario's banner
// offers: keep the recorded plan (the window shows the purchases and totals as recorded) or use
// today's prices (the window shows today's plan and records it in the file).

#include "core/portfolio/PortfolioRecord.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace gpuplanner::ui {

class PortfolioSinceBanner : public QFrame
{
    Q_OBJECT

public:
    explicit PortfolioSinceBanner(QWidget *parent = nullptr);

    // What moved since the record; with nothing moved, says so without the choices.
    void showSince(const core::PortfolioSince &since);
    // The record could not be read ("priced_on.<field>: …").
    void showUnreadable(const QString &error);
    // The recorded plan is on screen: keeping it again is no choice.
    void setKept(bool kept);

    QLabel *text() const { return m_text; }
    QPushButton *keepButton() const { return m_keep; }
    QPushButton *todayButton() const { return m_today; }

Q_SIGNALS:
    void keepChosen();
    void todayChosen();

private:
    QLabel *m_text;
    QPushButton *m_keep;
    QPushButton *m_today;
};

} // namespace gpuplanner::ui
