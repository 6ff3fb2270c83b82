//===- Driver.cpp - Runs batches of programs on NumPy and legato -----------===//
#include "Driver.h"

#include "Compare.h"
#include "NumpyPrinter.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace legato_fuzz {

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeFile(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out)
    throw std::runtime_error("legato-fuzz: cannot write " + path);
}

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
        out += buffer;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

const char *kSeparator = "### program ";

std::string batchText(const std::vector<Program> &programs) {
  std::string text;
  for (size_t i = 0; i < programs.size(); ++i)
    text += kSeparator + std::to_string(i) + "\n" + printProgram(programs[i]);
  return text;
}

std::string numpyBatch(const std::vector<Program> &programs) {
  std::string json = "{\"prelude\": " + jsonString(numpyPrelude()) + ",\n\"programs\": [\n";
  for (size_t i = 0; i < programs.size(); ++i) {
    std::string outputs;
    for (int v : outputVariables(programs[i]))
      outputs += (outputs.empty() ? "" : ", ") + jsonString(programs[i].name(v));
    json += std::string(i ? ",\n" : "") + "{\"id\": " + std::to_string(i) +
            ", \"source\": " + jsonString(printNumpyBody(programs[i])) + ", \"outputs\": [" +
            outputs + "]}";
  }
  return json + "\n]}\n";
}

/// A child process of the batch.
struct Task {
  std::vector<std::string> argv;
  std::string log;          ///< stdout and stderr go here
  std::string progressFile; ///< watched for progress (empty: none)
  pid_t pid = -1;
  bool done = false;
  int status = 0;
  std::chrono::steady_clock::time_point lastProgress;
  off_t lastSize = -1;
  bool killed = false; ///< we killed it for making no progress
};

pid_t spawn(const Task &t) {
  pid_t pid = fork();
  if (pid < 0)
    throw std::runtime_error(std::string("legato-fuzz: fork failed: ") + std::strerror(errno));
  if (pid == 0) {
    int fd = open(t.log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    // OpenMP threads must not spin while the batch's processes share cores.
    setenv("OMP_WAIT_POLICY", "passive", 1);
    std::vector<char *> args;
    for (const std::string &a : t.argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    std::perror("legato-fuzz: exec");
    _exit(127);
  }
  return pid;
}

off_t fileSize(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 ? st.st_size : 0;
}

/// Runs the tasks, `jobs` at a time; `restart(i)` may return a follow-up
/// task after task i ended (a worker resuming after a crash).
void runTasks(std::vector<Task> tasks, int jobs, int stallSeconds,
              const std::function<std::optional<Task>(const Task &)> &after) {
  std::vector<Task> running;
  size_t next = 0;
  while (next < tasks.size() || !running.empty()) {
    while (int(running.size()) < std::max(jobs, 1) && next < tasks.size()) {
      Task t = tasks[next++];
      t.pid = spawn(t);
      t.lastProgress = std::chrono::steady_clock::now();
      running.push_back(t);
    }
    bool changed = false;
    for (size_t i = 0; i < running.size(); ++i) {
      Task &t = running[i];
      int status = 0;
      pid_t r = waitpid(t.pid, &status, WNOHANG);
      if (r == t.pid) {
        t.done = true;
        t.status = status;
        std::optional<Task> follow = after(t);
        running.erase(running.begin() + long(i));
        if (follow)
          tasks.push_back(*follow);
        changed = true;
        break;
      }
      if (!t.progressFile.empty()) {
        off_t size = fileSize(t.progressFile);
        auto now = std::chrono::steady_clock::now();
        if (size != t.lastSize) {
          t.lastSize = size;
          t.lastProgress = now;
        } else if (now - t.lastProgress > std::chrono::seconds(stallSeconds)) {
          kill(t.pid, SIGKILL);
          t.killed = true;
          t.lastProgress = now;
        }
      }
    }
    if (!changed)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string describeStatus(int status, bool killed) {
  if (killed)
    return "no progress for too long (hang?); the worker was killed";
  if (WIFSIGNALED(status))
    return std::string("the worker died of signal ") + strsignal(WTERMSIG(status));
  return "the worker exited with status " + std::to_string(WEXITSTATUS(status));
}

} // namespace

std::string verdictCategory(const std::string &d) {
  for (const char *prefix : {"crash", "NumPy raised", "legato raised", "no result"})
    if (d.rfind(prefix, 0) == 0)
      return prefix;
  return "mismatch";
}

std::vector<Verdict> runBatch(const std::vector<Program> &programs, const DriverOptions &o) {
  std::vector<Verdict> verdicts(programs.size());
  if (programs.empty())
    return verdicts;
  std::string batchFile = o.workDir + "/batch.txt";
  std::string numpyFile = o.workDir + "/numpy.json";
  std::string numpyResults = o.workDir + "/numpy-results.txt";
  writeFile(batchFile, batchText(programs));
  writeFile(numpyFile, numpyBatch(programs));
  std::remove(numpyResults.c_str());

  std::vector<Task> tasks;
  Task py;
  py.argv = {o.python, o.evaluator, numpyFile, numpyResults};
  py.log = o.workDir + "/numpy.log";
  std::remove(py.log.c_str());
  tasks.push_back(py);
  std::map<RunMode, std::string> resultFiles;
  std::map<RunMode, std::string> deaths; // last crash message per mode
  for (RunMode m : o.modes) {
    std::string name = runModeName(m);
    resultFiles[m] = o.workDir + "/results-" + name + ".txt";
    std::remove(resultFiles[m].c_str());
    Task w;
    w.argv = o.launch;
    for (std::string a : {o.self, "--worker=" + name, "--batch-file=" + batchFile,
                          "--results=" + resultFiles[m], std::string("--from=0")})
      w.argv.push_back(a);
    w.log = o.workDir + "/worker-" + name + ".log";
    std::remove(w.log.c_str());
    w.progressFile = resultFiles[m];
    tasks.push_back(w);
  }

  std::map<std::string, std::map<uint64_t, std::string>> crashMessages;
  runTasks(tasks, o.jobs, o.stallSeconds, [&](const Task &t) -> std::optional<Task> {
    if (t.progressFile.empty())
      return std::nullopt; // the NumPy evaluator
    if (!t.killed && WIFEXITED(t.status) && WEXITSTATUS(t.status) == 0)
      return std::nullopt;
    uint64_t last = 0;
    bool started = false;
    {
      uint64_t id = UINT64_MAX;
      parseResults(readFile(t.progressFile), &id);
      started = id != UINT64_MAX;
      last = id;
    }
    if (!started)
      return std::nullopt; // died before running anything: reported as missing
    crashMessages[t.progressFile][last] = describeStatus(t.status, t.killed);
    if (last + 1 >= programs.size())
      return std::nullopt;
    Task again = t;
    again.argv.back() = "--from=" + std::to_string(last + 1);
    again.done = false;
    again.killed = false;
    again.lastSize = -1;
    return again;
  });

  std::string numpyText = readFile(numpyResults);
  if (numpyText.empty())
    throw std::runtime_error("legato-fuzz: the NumPy evaluator failed (" + o.python + " " +
                             o.evaluator + "); see " + py.log + ":\n" + readFile(py.log));
  BatchResults numpy = parseResults(numpyText);
  for (RunMode m : o.modes) {
    BatchResults legato = parseResults(readFile(resultFiles[m]));
    for (size_t i = 0; i < programs.size(); ++i) {
      ProgramResult l = legato.count(i) ? legato[i] : ProgramResult{};
      if (l.status == ProgramResult::Status::crash) {
        auto &messages = crashMessages[resultFiles[m]];
        if (messages.count(i))
          l.message = messages[i];
      }
      ProgramResult n = numpy.count(i) ? numpy[i] : ProgramResult{};
      if (n.status == ProgramResult::Status::missing)
        throw std::runtime_error("legato-fuzz: the NumPy evaluator gave no result for a program");
      std::string why = compareResults(programs[i], n, l);
      if (!why.empty())
        verdicts[i][m] = why;
    }
  }
  return verdicts;
}

int workerMain(RunMode mode, const std::string &batchFile, const std::string &resultsFile,
               uint64_t from, int threads) {
  std::string text = readFile(batchFile);
  std::vector<std::pair<uint64_t, Program>> programs;
  size_t pos = 0;
  while ((pos = text.find(kSeparator, pos)) != std::string::npos) {
    size_t idStart = pos + std::strlen(kSeparator);
    size_t lineEnd = text.find('\n', idStart);
    uint64_t id = std::stoull(text.substr(idStart, lineEnd - idStart));
    size_t end = text.find(kSeparator, lineEnd);
    programs.emplace_back(
        id, parseProgram(text.substr(lineEnd + 1, end == std::string::npos ? std::string::npos
                                                                           : end - lineEnd - 1)));
    pos = lineEnd;
  }

  legato::Options options;
  options.mode = mode == RunMode::eager ? legato::Mode::eager : legato::Mode::lazy;
  options.threads = threads;
  legato::Runtime runtime(options);
  // Under a launcher every rank runs the programs; rank 0 reports.
  FILE *out = std::fopen(runtime.rank() == 0 ? resultsFile.c_str() : "/dev/null", "a");
  if (!out) {
    std::perror("legato-fuzz worker: results file");
    return 2;
  }
  for (const auto &[id, program] : programs) {
    if (id < from)
      continue;
    std::fprintf(out, "start %llu\n", static_cast<unsigned long long>(id));
    std::fflush(out);
    ProgramResult r = runWithLegato(program, mode);
    std::fputs(formatProgramResult(id, r).c_str(), out);
    std::fflush(out);
  }
  std::fclose(out);
  return 0;
}

} // namespace legato_fuzz
