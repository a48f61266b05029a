// Shared GoogleTest main: a Qt application object for every suite, offscreen by default.

#include <gtest/gtest.h>

#ifdef GPUPLANNER_TEST_GUI
#include <QApplication>
using TestApplication = QApplication;
#else
#include <QCoreApplication>
using TestApplication = QCoreApplication;
#endif

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
#ifdef GPUPLANNER_TEST_GUI
    // Offscreen's own screen is 800 x 600: the GUI suites get a desktop's 1920 x 1080 (in logical
    // pixels at QT_SCALE_FACTOR=2 too), so a window opens as it does on a desktop. A suite that
    // names its own screen (tests/data/screens) keeps it.
    if (qgetenv("QT_QPA_PLATFORM") == "offscreen") {
        const QByteArray screen = qgetenv("QT_SCALE_FACTOR") == "2" ? "3840x2160" : "1920x1080";
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" GPUPLANNER_TEST_DATA_DIR "/screens/" + screen + ".json");
    }
#endif
    TestApplication app(argc, argv);
    TestApplication::setApplicationName(QStringLiteral("gpu-planner-tests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
