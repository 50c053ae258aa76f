import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** The floor for a picocli command on this JVM: parse one argument, print one line. */
@Command(name = "hello")
public class HelloPicocli implements Runnable {
  @Parameters(defaultValue = "world")
  String name;

  public void run() {
    System.out.println("hello " + name);
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new HelloPicocli()).execute(args));
  }
}
