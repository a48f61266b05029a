#pragma once
// WelcomeDialog: the first thing a new user sees: the example scenarios that ship with the app,
// each with what it shows, to open as a starting point, and the way to the built-in guide.
// Shown at start until the user says otherwise (settings "welcome/showAtStart"); Help ▸ Welcome
// and examples brings it back.

#include <QDialog>

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSettings;

namespace gpuplanner::ui {

// An example scenario built into the app: its resource path, name and what it shows.
struct ExampleScenario
{
    QString path;
    QString name;
    QString description;
};
QList<ExampleScenario> exampleScenarios();

class WelcomeDialog : public QDialog
{
    Q_OBJECT

public:
    WelcomeDialog(QSettings *settings, QWidget *parent = nullptr);

    // The example chosen with Open; empty when the dialog was closed otherwise.
    QString chosenPath() const { return m_chosen; }
    // True when the user asked for the guide.
    bool guideRequested() const { return m_guide; }

    QListWidget *examples() const { return m_list; }
    QPushButton *openButton() const { return m_open; }
    QCheckBox *showAtStart() const { return m_showAtStart; }

    static bool wanted(const QSettings &settings);

private:
    void updateDescription();

    QSettings *m_settings;
    QListWidget *m_list;
    QLabel *m_description;
    QPushButton *m_open;
    QCheckBox *m_showAtStart;
    QString m_chosen;
    bool m_guide = false;
};

// The built-in guide (P50/P90, confidence, the Pareto front, spot, commitments, marks), in the
// interface's language.
void showGuide(QWidget *parent);

} // namespace gpuplanner::ui
